import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { EmailOnlyBody, MessageAnswer } from "@fitshop/contracts"

export const requestPasswordReset = (email: string) =>
  apiClient.post<MessageAnswer>("/api/auth/forgot-password", { email } satisfies EmailOnlyBody, { skipSessionRefresh: true })

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset })
