import { z } from "zod"
import { authorizedJson } from "../lib/http-client"

/** A post that reports took out of the feed (contracts' ReportedPost), checked where it arrives. */
const reportedPost = z.object({
  id: z.string(),
  thumbnailUrl: z.string(),
  text: z.string().nullable(),
  author: z.object({ id: z.string(), name: z.string(), handle: z.string() }),
  reports: z.object({ count: z.number(), reasons: z.array(z.string()), lastAt: z.string() }),
  hiddenAt: z.string(),
})
export type ReportedPost = z.infer<typeof reportedPost>

export const REPORTED_PATH = "/api/admin/fitfeed/reported"
export const readReported = (body: unknown): ReportedPost[] => z.object({ posts: z.array(reportedPost) }).parse(body).posts

const postPath = (id: string) => `/api/admin/fitfeed/posts/${encodeURIComponent(id)}`

/** Puts the post back in the feed. */
export async function restorePost(id: string): Promise<void> {
  await authorizedJson(`${postPath(id)}/restore`, { method: "POST" })
}

/** Removes the post for good. */
export async function removePost(id: string): Promise<void> {
  await authorizedJson(postPath(id), { method: "DELETE" })
}
