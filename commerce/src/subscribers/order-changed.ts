import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { notifyOrderChanged } from "../lib/notify-bff"

type OrderEvent = { id?: string; order_id?: string }

/**
 * An order ops changed in the dashboard (cancelled, or a return received): the BFF is told at once, and
 * reads the order's state from here. A lost notice loses nothing: the BFF also reads every order changed
 * since its last look on a schedule (GET /internal/orders/changes).
 */
export default async function orderChanged({ event, container }: SubscriberArgs<OrderEvent>) {
  const orderId = event.data.order_id ?? event.data.id
  if (orderId) await notifyOrderChanged(container, orderId, event.name)
}

export const config: SubscriberConfig = { event: ["order.canceled", "order.return_received"] }
