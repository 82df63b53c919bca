import { apiClient } from "@/lib/api-client"
import type { RazorpayPaymentResult } from "../utils/razorpay"

/** 200: the order is placed. 202: the payment is good but the order is still being placed; `message` says so. */
export type VerifyPaymentAnswer = { ok: true; orderId: string } | { ok: false; pending: true; message: string }

/** POST /api/payments/verify with what the gateway handed to `handler`. */
export const verifyPayment = (result: RazorpayPaymentResult) => apiClient.post<VerifyPaymentAnswer | null>("/api/payments/verify", result)
