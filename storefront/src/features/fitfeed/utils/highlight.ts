import type { Post } from "@fitshop/contracts"

/** Post ids are digits; anything else in a link names no post. */
const POST_ID = /^\d{1,18}$/

export const isPostId = (value: string | null | undefined): value is string => !!value && POST_ID.test(value)

/** The feed with the highlighted post first: from the page when it is there, else the separately fetched one. */
export function withHighlightFirst(posts: Post[], highlightId: string | null, fetched: Post | undefined): Post[] {
  if (!highlightId) return posts
  const highlighted = posts.find((post) => post.id === highlightId) ?? (fetched?.id === highlightId ? fetched : undefined)
  if (!highlighted) return posts
  return [highlighted, ...posts.filter((post) => post.id !== highlightId)]
}

/** The id of a feed entry's element, for scrolling to it. */
export const feedEntryId = (postId: string) => `fitfeed-post-${postId}`
