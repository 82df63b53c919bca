import type { FitfeedUser } from "@fitshop/contracts"
import type { PostRow } from "./posts.js"

/** The public face of a person on FITFEED: never their e-mail, phone or role. */
export function presentAuthor(row: { id: string; name: string; handle: string; avatar_url: string | null }): FitfeedUser {
  return { id: row.id, name: row.name, handle: row.handle, avatarUrl: row.avatar_url }
}

/** `{ post }` as JSON text: the post arrives from PostgreSQL already presented (posts.ts). */
export const postAnswer = (row: PostRow) => `{"post":${row.post}}`

/** `{ posts, …more }` as JSON text; `more` holds small extra fields (a page's nextCursor). */
export function postsAnswer(rows: PostRow[], more: Record<string, unknown> = {}): string {
  const extra = Object.keys(more).length ? `,${JSON.stringify(more).slice(1, -1)}` : ""
  return `{"posts":[${rows.map((row) => row.post).join(",")}]${extra}}`
}
