import { apiClient } from "@/lib/api-client"

/** Asks the BFF to hand a placed order to the courier; fire and forget, a failure changes nothing for the shopper. */
export function dispatchShipment(orderId: string): void {
  apiClient.post<unknown>("/api/fulfillment/shiprocket/dispatch", { orderId }).catch(() => undefined)
}
