import { apiClient } from "@/lib/api-client"
import type { CheckoutPayload } from "../utils/checkout-payload"

/** The gateway order the BFF opened for this bag; amount in paise (100 for a live test). */
export type PaymentOrder = {
  key: string
  orderId: string
  amount: number
  currency: string
  customer: { name: string; email: string; contact: string }
  receipt: string
  internalOrderId: string
}

/** POST /api/payments/create-order: the server prices the bag itself; the payload carries only the shopper's choices. */
export const createPaymentOrder = (payload: CheckoutPayload) => apiClient.post<Partial<PaymentOrder> | null>("/api/payments/create-order", payload)

/** The answer, when it carries a numeric, non-zero amount the gateway can take; otherwise null. */
export function startablePaymentOrder(answer: Partial<PaymentOrder> | null): PaymentOrder | null {
  const amount = answer?.amount
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount === 0) return null
  if (typeof answer?.orderId !== "string" || !answer.orderId) return null
  return answer as PaymentOrder
}
