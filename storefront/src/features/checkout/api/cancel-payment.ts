import { apiClient } from "@/lib/api-client"

/**
 * POST /api/payments/cancel when the shopper closes the gateway's dialog: the units held for that
 * payment go back for other shoppers at once (the server keeps them if the payment went through).
 */
export const cancelPayment = (razorpayOrderId: string) =>
  apiClient.post<{ ok: true; released: boolean }>("/api/payments/cancel", { razorpay_order_id: razorpayOrderId })
