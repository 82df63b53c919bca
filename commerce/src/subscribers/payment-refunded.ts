import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PaymentEvents } from "@medusajs/framework/utils"
import { notifyPaymentRefunded } from "../lib/notify-bff"

/**
 * A refund pressed in the dashboard only records it here (our payment providers move no money): the BFF is told, reads
 * the payment's refunds and pays those it did not record itself, once each. The BFF's own recordings notify it too and
 * are told apart there by their key.
 */
export default async function paymentRefunded({ event, container }: SubscriberArgs<{ id: string }>) {
  if (event.data.id) await notifyPaymentRefunded(container, event.data.id)
}

export const config: SubscriberConfig = { event: PaymentEvents.REFUNDED }
