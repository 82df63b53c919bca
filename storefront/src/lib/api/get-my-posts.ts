import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { PostsAnswer } from "@fitshop/contracts"
import { fitfeedKeys } from "@/lib/fitfeed-keys"

/** GET /api/fitfeed/posts/mine: the signed-in author's posts, those under review included. */
export const getMyPosts = (signal?: AbortSignal) => apiClient.get<PostsAnswer>("/api/fitfeed/posts/mine", { signal })

export const getMyPostsQueryOptions = () =>
  queryOptions({
    queryKey: fitfeedKeys.mine,
    queryFn: ({ signal }) => getMyPosts(signal),
  })

export const useMyPosts = () => useQuery(getMyPostsQueryOptions())
