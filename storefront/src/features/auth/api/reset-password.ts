import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"

export type ResetPasswordInput = { token: string; password: string }

export const resetPassword = (input: ResetPasswordInput) => apiClient.post<{ message: string }>("/api/auth/reset-password", input, { skipSessionRefresh: true })

export const useResetPassword = () => useMutation({ mutationFn: resetPassword })
