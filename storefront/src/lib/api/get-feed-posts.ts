import { ApiError, apiClient, refreshAccessToken } from "@/lib/api-client"
import { getAccessToken, hasSessionEnded } from "@/lib/session"
import type { PostsAnswer } from "@fitshop/contracts"

/** The personal feed needs a session: a visitor (401) or an account it refuses (403) reads the public list. */
const readsPublicList = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403)

/** GET /api/fitfeed/posts: the newest public posts. */
export const getPublicPosts = (limit: number, signal?: AbortSignal) => apiClient.get<PostsAnswer>("/api/fitfeed/posts", { params: { limit }, signal })

/**
 * Whether this page can read the personal feed: a stored token, or one the refresh cookie gives (the page load's
 * own refresh, shared). A visitor has neither, and is not sent to be refused with a 401 first.
 */
async function hasSession(): Promise<boolean> {
  if (getAccessToken()) return true
  if (hasSessionEnded()) return false
  return (await refreshAccessToken()) !== null
}

/** GET /api/fitfeed/feed for a session, falling back to GET /api/fitfeed/posts on 401 or 403 (spec section 6); visitors read the latter. */
export async function getFeedPosts(limit: number, signal?: AbortSignal): Promise<PostsAnswer> {
  if (!(await hasSession())) return getPublicPosts(limit, signal)
  try {
    return await apiClient.get<PostsAnswer>("/api/fitfeed/feed", { params: { limit }, signal })
  } catch (error) {
    if (!readsPublicList(error)) throw error
    return getPublicPosts(limit, signal)
  }
}
