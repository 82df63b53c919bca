import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { MessageAnswer, ResetPasswordBody } from "@fitshop/contracts"

export const resetPassword = (input: ResetPasswordBody) => apiClient.post<MessageAnswer>("/api/auth/reset-password", input, { skipSessionRefresh: true })

export const useResetPassword = () => useMutation({ mutationFn: resetPassword })
