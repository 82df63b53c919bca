import { ApiError, apiClient } from "@/lib/api-client"
import type { PostsAnswer } from "@fitshop/contracts"

/** The personal feed needs a session: a visitor (401) or an account it refuses (403) reads the public list. */
const readsPublicList = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403)

/** GET /api/fitfeed/posts: the newest public posts. */
export const getPublicPosts = (limit: number, signal?: AbortSignal) => apiClient.get<PostsAnswer>("/api/fitfeed/posts", { params: { limit }, signal })

/** GET /api/fitfeed/feed, falling back to GET /api/fitfeed/posts on 401 or 403 (spec section 6). */
export async function getFeedPosts(limit: number, signal?: AbortSignal): Promise<PostsAnswer> {
  try {
    return await apiClient.get<PostsAnswer>("/api/fitfeed/feed", { params: { limit }, signal })
  } catch (error) {
    if (!readsPublicList(error)) throw error
    return getPublicPosts(limit, signal)
  }
}
