import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { notifyOrderCanceled } from "../lib/notify-bff"

/** An order cancelled by ops: the BFF gives back its Dark Coins and refunds what Razorpay took. */
export default async function orderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  await notifyOrderCanceled(container, event.data.id)
}

export const config: SubscriberConfig = { event: "order.canceled" }
