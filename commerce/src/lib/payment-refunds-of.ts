import type { MedusaContainer } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { queryGraph } from "./query"

export type PaymentRefund = {
  id: string
  /** Rupees, as Medusa stores money. */
  amount: number
  created_by: string | null
  note: string | null
  created_at: string
  /** The BFF's key when the BFF recorded this refund itself (money it had already given back); null for ops' own. */
  bff_refund_id: string | null
}

export type PaymentRefunds = { payment_id: string; provider_id: string; order_id: string | null; refunds: PaymentRefund[] }

type RefundRow = {
  id: string
  amount: unknown
  created_by?: string | null
  note?: string | null
  created_at: string | Date
  metadata?: Record<string, unknown> | null
}

/** A payment's refunds and its order, for the BFF after a notice that the payment was refunded (by ops, in the dashboard). */
export async function refundsOfPayment(scope: MedusaContainer, paymentId: string): Promise<PaymentRefunds> {
  const { data } = await queryGraph(scope, {
    entity: "payment",
    fields: [
      "id",
      "provider_id",
      "payment_collection_id",
      "refunds.id",
      "refunds.amount",
      "refunds.created_by",
      "refunds.note",
      "refunds.created_at",
      "refunds.metadata",
    ],
    filters: { id: paymentId },
  })
  const payment = data[0]
  if (!payment) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment ${paymentId} was not found`)
  const { data: links } = await queryGraph(scope, {
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: String(payment.payment_collection_id) },
  })
  const refunds = ((payment.refunds ?? []) as (RefundRow | null)[]).flatMap((refund) =>
    refund
      ? [
          {
            id: refund.id,
            amount: MathBN.convert(refund.amount as string | number).toNumber(),
            created_by: refund.created_by ?? null,
            note: refund.note ?? null,
            created_at: new Date(refund.created_at).toISOString(),
            bff_refund_id: typeof refund.metadata?.bff_refund_id === "string" ? refund.metadata.bff_refund_id : null,
          },
        ]
      : [],
  )
  return { payment_id: String(payment.id), provider_id: String(payment.provider_id), order_id: links[0] ? String(links[0].order_id) : null, refunds }
}
