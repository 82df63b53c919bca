import { apiClient } from "@/lib/api-client"
import type { Order } from "@fitshop/contracts"
import type { CheckoutPayload } from "../utils/checkout-payload"

export type PlaceCodOrderAnswer = { ok: true; orderId: string; order: Order }

/** POST /api/checkout: places a cash-on-delivery order for the bag. */
export const placeCodOrder = (payload: CheckoutPayload) => apiClient.post<PlaceCodOrderAnswer>("/api/checkout", payload)
