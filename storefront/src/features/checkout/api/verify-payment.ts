import { apiClient } from "@/lib/api-client"
import type { VerifyPaymentAnswer, VerifyPayloadBody } from "@fitshop/contracts"

/** POST /api/payments/verify with what the gateway handed to `handler`; 202 when the order is still being placed (`message` says so). */
export const verifyPayment = (result: VerifyPayloadBody) => apiClient.post<VerifyPaymentAnswer | null>("/api/payments/verify", result)
