import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { UpdateProfileBody, UserAnswer } from "@fitshop/contracts"

export const updateProfile = (input: UpdateProfileBody) => apiClient.put<UserAnswer>("/api/fitfeed/profile/me", input)

/** Shared: the account's Profile tab and the FitProfile's Edit profile dialog both save name and handle. */
export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile })
