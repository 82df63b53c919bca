import { apiClient } from "@/lib/api-client"
import type { CheckoutPayloadBody, PaymentOrder } from "@fitshop/contracts"
import type { CheckoutPayload } from "../utils/checkout-payload"

export type { PaymentOrder }

/** POST /api/payments/create-order: the server prices the bag itself; the payload carries only the shopper's choices. */
export const createPaymentOrder = (payload: CheckoutPayload) =>
  apiClient.post<Partial<PaymentOrder> | null>("/api/payments/create-order", payload satisfies CheckoutPayloadBody)

/** The answer, when it carries a numeric, non-zero amount the gateway can take; otherwise null. */
export function startablePaymentOrder(answer: Partial<PaymentOrder> | null): PaymentOrder | null {
  const amount = answer?.amount
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount === 0) return null
  if (typeof answer?.orderId !== "string" || !answer.orderId) return null
  return answer as PaymentOrder
}
