import { useMutation } from "@tanstack/react-query"
import { ApiError, apiClient } from "@/lib/api-client"
import type { EmailOnlyBody, MessageAnswer } from "@fitshop/contracts"

export const resendVerification = (email: string) =>
  apiClient.post<MessageAnswer>("/api/auth/resend-verification", { email } satisfies EmailOnlyBody, { skipSessionRefresh: true })

/** The cooldown a 429 answer asks for, in whole seconds, when it gives one. */
export function readRetryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null
  const { body } = error
  if (typeof body !== "object" || body === null || !("retryAfterSeconds" in body)) return null
  const seconds = Number(body.retryAfterSeconds)
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification })
