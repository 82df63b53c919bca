import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { User } from "@fitshop/contracts"

export const uploadAvatar = (file: File) => {
  const form = new FormData()
  form.append("avatar", file)
  return apiClient.post<{ user: User; url: string }>("/api/fitfeed/profile/avatar", form)
}

/** Shared: the account's Profile tab and the FitProfile's Edit profile dialog both change the avatar. */
export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar })
