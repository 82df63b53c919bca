import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { PostAnswer } from "@fitshop/contracts"
import { fitfeedKeys } from "@/lib/fitfeed-keys"

/** GET /api/fitfeed/posts/{id}: one post; 404 when unknown or hidden. */
export const getPost = (postId: string, signal?: AbortSignal) => apiClient.get<PostAnswer>(`/api/fitfeed/posts/${encodeURIComponent(postId)}`, { signal })

export const getPostQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: fitfeedKeys.post(postId),
    queryFn: ({ signal }) => getPost(postId, signal),
  })

/** One post, asked for only while `enabled` (the feed and the profile viewer ask when their page lacks it). */
export const usePost = (postId: string, { enabled }: { enabled: boolean }) => useQuery({ ...getPostQueryOptions(postId), enabled })
