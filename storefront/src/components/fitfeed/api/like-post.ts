import { apiClient } from "@/lib/api-client"
import type { LikeResponse } from "@/types/fitfeed"

/** POST (like) or DELETE (unlike) /api/fitfeed/posts/{id}/like. */
export function setPostLike(postId: string, liked: boolean): Promise<LikeResponse> {
  const path = `/api/fitfeed/posts/${encodeURIComponent(postId)}/like`
  return liked ? apiClient.post<LikeResponse>(path) : apiClient.delete<LikeResponse>(path)
}
