import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { FollowState, Profile } from "@fitshop/contracts"
import { getProfileQueryOptions } from "./get-profile"

export type FollowInput = { userId: string; follow: boolean }

/** POST (follow) or DELETE (unfollow) /api/fitfeed/follow/{userId}. */
export const followUser = ({ userId, follow }: FollowInput) => {
  const path = `/api/fitfeed/follow/${encodeURIComponent(userId)}`
  return follow ? apiClient.post<FollowState>(path) : apiClient.delete<FollowState>(path)
}

const withFollow = (profile: Profile, isFollowing: boolean, followers: number): Profile => ({
  ...profile,
  isFollowing,
  counts: { ...profile.counts, followers: Math.max(0, followers) },
})

/**
 * Follows or unfollows the person shown under `profileKey`: the button and the followers count change
 * at once (never below 0), go back if the call fails, and settle to the count the server answers.
 */
export function useFollowUser(profileKey: string) {
  const queryClient = useQueryClient()
  const { queryKey } = getProfileQueryOptions(profileKey)
  return useMutation({
    mutationFn: followUser,
    onMutate: async ({ follow }) => {
      await queryClient.cancelQueries({ queryKey, exact: true })
      const previous = queryClient.getQueryData(queryKey)
      queryClient.setQueryData(queryKey, (profile) => profile && withFollow(profile, follow, profile.counts.followers + (follow ? 1 : -1)))
      return { previous }
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous)
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, (profile) => profile && withFollow(profile, answer.isFollowing, answer.followers))
    },
  })
}
