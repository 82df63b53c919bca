import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { AuthSession } from "@fitshop/contracts"

export type VerifyEmailInput = { email: string; code: string; password: string }

export const verifyEmail = (input: VerifyEmailInput) =>
  apiClient.post<AuthSession & { message: string }>("/api/auth/verify-email", input, { skipSessionRefresh: true })

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail })
