import { apiClient } from "@/lib/api-client"
import type { LikeState } from "@fitshop/contracts"

/** POST (like) or DELETE (unlike) /api/fitfeed/posts/{id}/like. */
export function setPostLike(postId: string, liked: boolean): Promise<LikeState> {
  const path = `/api/fitfeed/posts/${encodeURIComponent(postId)}/like`
  return liked ? apiClient.post<LikeState>(path) : apiClient.delete<LikeState>(path)
}
