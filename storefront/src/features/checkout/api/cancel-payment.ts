import { apiClient } from "@/lib/api-client"
import type { CancelPaymentAnswer, CancelPaymentBody } from "@fitshop/contracts"

/**
 * POST /api/payments/cancel when the shopper closes the gateway's dialog: the units held for that
 * payment go back for other shoppers at once (the server keeps them if the payment went through).
 */
export const cancelPayment = (razorpayOrderId: string) =>
  apiClient.post<CancelPaymentAnswer>("/api/payments/cancel", { razorpay_order_id: razorpayOrderId } satisfies CancelPaymentBody)
