import type { MedusaContainer } from "@medusajs/framework/types"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { queryGraph } from "../../../lib/query"

type Payment = { id: string; provider_id: string; captured_at?: string | null; canceled_at?: string | null }

/**
 * Captures the order's payments made through one provider and not yet captured, so Medusa's dashboard
 * shows the money as taken: Razorpay's at placement (Razorpay captured it already), cash on delivery
 * once the courier collected it.
 */
export async function capturePendingPayments(scope: MedusaContainer, orderId: string, providerId: string): Promise<void> {
  const { data } = await queryGraph(scope, {
    entity: "order",
    fields: [
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.canceled_at",
    ],
    filters: { id: orderId },
  })
  const collections = (data[0]?.payment_collections ?? []) as { payments?: Payment[] | null }[]
  const pending = collections.flatMap((c) => c.payments ?? []).filter((p) => p.provider_id === providerId && !p.captured_at && !p.canceled_at)
  for (const payment of pending) await capturePaymentWorkflow(scope).run({ input: { payment_id: payment.id } })
}
