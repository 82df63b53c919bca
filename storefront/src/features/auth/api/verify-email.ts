import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { VerifiedAnswer, VerifyEmailBody } from "@fitshop/contracts"

export const verifyEmail = (input: VerifyEmailBody) => apiClient.post<VerifiedAnswer>("/api/auth/verify-email", input, { skipSessionRefresh: true })

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail })
