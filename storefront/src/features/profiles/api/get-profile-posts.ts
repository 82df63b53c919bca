import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { ProfilePostsAnswer } from "@fitshop/contracts"
import { PROFILES_QUERY_KEY, profileKeySegment } from "./get-profile"

/** Spec section 9: a profile's grid loads 18 posts at a time. */
export const PROFILE_POSTS_PAGE_SIZE = 18

/** GET /api/fitfeed/profile/{key}/posts: one page of the grid, newest first; nextCursor is null at the end. */
export const getProfilePosts = (key: string, cursor: string | null, signal?: AbortSignal) =>
  apiClient.get<ProfilePostsAnswer>(`/api/fitfeed/profile/${profileKeySegment(key)}/posts`, {
    params: { limit: PROFILE_POSTS_PAGE_SIZE, cursor },
    signal,
  })

export const getProfilePostsQueryOptions = (key: string) =>
  infiniteQueryOptions({
    queryKey: [...PROFILES_QUERY_KEY, key, "posts"],
    queryFn: ({ pageParam, signal }) => getProfilePosts(key, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  })

export const useProfilePosts = (key: string) => useInfiniteQuery(getProfilePostsQueryOptions(key))
