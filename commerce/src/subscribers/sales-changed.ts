import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { notifyCatalogChanged } from "../lib/notify-bff"

/** A placed or cancelled order changes units sold, which ranks Popular and the home page's best sellers. */
export default async function salesChanged({ event, container }: SubscriberArgs<unknown>) {
  await notifyCatalogChanged(container, { sales: true }, event.name)
}

export const config: SubscriberConfig = {
  event: ["order.placed", "order.canceled"],
}
