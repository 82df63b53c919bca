import { apiClient } from "@/lib/api-client"
import type { CheckoutPayloadBody, PlacedOrderAnswer } from "@fitshop/contracts"
import type { CheckoutPayload } from "../utils/checkout-payload"

/** POST /api/checkout: places a cash-on-delivery order for the bag. */
export const placeCodOrder = (payload: CheckoutPayload) => apiClient.post<PlacedOrderAnswer>("/api/checkout", payload satisfies CheckoutPayloadBody)
