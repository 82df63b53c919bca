import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { User } from "@fitshop/contracts"

export type ProfileInput = { name: string; handle: string }

export const updateProfile = (input: ProfileInput) => apiClient.put<{ user: User }>("/api/fitfeed/profile/me", input)

/** Shared: the account's Profile tab and the FitProfile's Edit profile dialog both save name and handle. */
export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile })
