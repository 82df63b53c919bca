import { queryOptions, useQuery } from "@tanstack/react-query"
import { fitfeedKeys } from "@/lib/fitfeed-keys"
import { apiClient } from "@/lib/api-client"
import type { Profile } from "@fitshop/contracts"

/** A profile key (`@handle`, `handle` or a user id) as a path segment, its leading @ kept readable. */
export const profileKeySegment = (key: string) => encodeURIComponent(key).replace(/^%40/, "@")

/** Everything read about profiles; a handle change or a logout invalidates it all. */
export const PROFILES_QUERY_KEY = [...fitfeedKeys.all, "profile"] as const

/** GET /api/fitfeed/profile/{handleOrId}: the person, their counts, and whether the reader follows or is them. */
export const getProfile = (key: string, signal?: AbortSignal) => apiClient.get<Profile>(`/api/fitfeed/profile/${profileKeySegment(key)}`, { signal })

export const getProfileQueryOptions = (key: string) =>
  queryOptions({
    queryKey: [...PROFILES_QUERY_KEY, key],
    queryFn: ({ signal }) => getProfile(key, signal),
  })

export const useProfile = (key: string) => useQuery(getProfileQueryOptions(key))
