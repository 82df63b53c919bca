import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { CommentsAnswer } from "@fitshop/contracts"
import { fitfeedKeys } from "@/lib/fitfeed-keys"

/** GET /api/fitfeed/posts/{id}/comments: newest first. */
export const getComments = (postId: string, signal?: AbortSignal) =>
  apiClient.get<CommentsAnswer>(`/api/fitfeed/posts/${encodeURIComponent(postId)}/comments`, { signal })

export const getCommentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: fitfeedKeys.comments(postId),
    queryFn: ({ signal }) => getComments(postId, signal),
  })

export const useComments = (postId: string) => useQuery(getCommentsQueryOptions(postId))
