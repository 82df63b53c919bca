import type { MedusaContainer } from "@medusajs/framework/types"
import { MathBN, MedusaError, ReturnStatus } from "@medusajs/framework/utils"
import { createOrderCreditLinesWorkflow, refundPaymentWorkflow, type RefundPaymentWorkflowInput } from "@medusajs/medusa/core-flows"
import { OrderChangeRefused, underOrderLock } from "./order-changes"
import { queryGraph } from "./query"

/** The credit line's reference for Dark Coins the BFF gave back: money the shopper got as coins, not to the payment. */
export const COINS_REFUND_REFERENCE = "dark_coins_refund"
/** Who Medusa says made a refund the BFF recorded: ops' refunds carry their user id instead. */
export const BFF_ACTOR = "bff"

export type RefundRecord = {
  /** The BFF's key for this money (its return, or the order's ending, and which part): a retry records it once. */
  bff_refund_id: string
  kind: "payment" | "coins"
  /** Rupees, as Medusa stores money. */
  amount: number
  /** Medusa's return the money is for: recorded only once it is received, so Medusa owes the shopper that much. */
  return_id?: string | undefined
  note?: string | undefined
}

export type RefundRecordAnswer = { kind: "payment" | "coins"; id: string | null; amount: number; skipped?: true }

type Payment = {
  id: string
  provider_id: string
  canceled_at?: string | null
  captures?: { id: string }[] | null
  refunds?: { id: string; amount: unknown; metadata?: Record<string, unknown> | null }[] | null
}
type CreditLine = { id: string; amount: unknown; reference?: string | null; reference_id?: string | null }
type OrderMoney = { id: string; status: string; pendingDifference: number; payments: Payment[]; creditLines: CreditLine[] }

const rupees = (value: unknown) => (value == null ? 0 : MathBN.convert(value as string | number).toNumber())

/** The order's payments, credit lines and what Medusa says it still owes (negative) or is owed, as its dashboard works it out. */
async function orderMoney(scope: MedusaContainer, orderId: string): Promise<OrderMoney> {
  const { data } = await queryGraph(scope, {
    entity: "order",
    fields: [
      "id",
      "status",
      // With the total asked for, the summary counts received returns, as the dashboard's does.
      "total",
      "summary",
      "credit_lines.id",
      "credit_lines.amount",
      "credit_lines.reference",
      "credit_lines.reference_id",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.captures.id",
      "payment_collections.payments.refunds.id",
      "payment_collections.payments.refunds.amount",
      "payment_collections.payments.refunds.metadata",
    ],
    filters: { id: orderId },
  })
  const order = data[0]
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  const collections = (order.payment_collections ?? []) as { payments?: Payment[] | null }[]
  const summary = (order.summary ?? {}) as { pending_difference?: unknown }
  return {
    id: String(order.id),
    status: String(order.status),
    pendingDifference: rupees(summary.pending_difference),
    payments: collections.flatMap((collection) => collection.payments ?? []),
    creditLines: ((order.credit_lines ?? []) as (CreditLine | null)[]).filter((line): line is CreditLine => Boolean(line)),
  }
}

async function assertReturnReceived(scope: MedusaContainer, orderId: string, returnId: string): Promise<void> {
  const { data } = await queryGraph(scope, { entity: "return", fields: ["id", "order_id", "status"], filters: { id: returnId } })
  const found = data[0]
  if (!found || found.order_id !== orderId) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Return ${returnId} of order ${orderId} was not found`)
  if (found.status !== ReturnStatus.RECEIVED) throw new OrderChangeRefused("conflict", `Return ${returnId} is not received yet`)
}

/** Records money the BFF paid back to the order's payment (Razorpay) as a refund on it, through Medusa's refund workflow. */
async function recordPaymentRefund(scope: MedusaContainer, order: OrderMoney, record: RefundRecord): Promise<RefundRecordAnswer> {
  for (const payment of order.payments) {
    const earlier = (payment.refunds ?? []).find((refund) => refund.metadata?.bff_refund_id === record.bff_refund_id)
    if (earlier) return { kind: "payment", id: earlier.id, amount: rupees(earlier.amount), skipped: true }
  }
  const payment = order.payments.find((candidate) => !candidate.canceled_at && (candidate.captures ?? []).length > 0)
  if (!payment) throw new OrderChangeRefused("conflict", `Order ${order.id} has no captured payment to record a refund on`)
  // Medusa balances a refund larger than it owes (the shipping fee, say) with a credit line, so the difference stays 0.
  await refundPaymentWorkflow(scope).run({
    input: {
      payment_id: payment.id,
      amount: record.amount,
      created_by: BFF_ACTOR,
      note: record.note ?? "Refunded by the shop",
      // Not in the workflow's input type, but its step hands the input to the payment module, which keeps it on the refund.
      metadata: { bff_refund_id: record.bff_refund_id, ...(record.return_id ? { return_id: record.return_id } : {}) },
    } as RefundPaymentWorkflowInput,
  })
  const after = await orderMoney(scope, order.id)
  const made = after.payments.flatMap((p) => p.refunds ?? []).find((refund) => refund.metadata?.bff_refund_id === record.bff_refund_id)
  return { kind: "payment", id: made?.id ?? null, amount: record.amount }
}

/**
 * Records Dark Coins the BFF gave back for money the order owes the shopper as a negative credit line (Medusa's way
 * to settle a negative pending difference without a payment refund), up to what Medusa still owes.
 */
async function recordCoinsRefund(scope: MedusaContainer, order: OrderMoney, record: RefundRecord): Promise<RefundRecordAnswer> {
  const earlier = order.creditLines.find((line) => line.reference === COINS_REFUND_REFERENCE && line.reference_id === record.bff_refund_id)
  if (earlier) return { kind: "coins", id: earlier.id, amount: -rupees(earlier.amount), skipped: true }
  const owed = -order.pendingDifference
  const amount = Math.min(record.amount, owed)
  if (amount <= 0) return { kind: "coins", id: null, amount: 0, skipped: true }
  await createOrderCreditLinesWorkflow(scope).run({
    input: { id: order.id, credit_lines: [{ amount: -amount, reference: COINS_REFUND_REFERENCE, reference_id: record.bff_refund_id }] },
  })
  const after = await orderMoney(scope, order.id)
  const made = after.creditLines.find((line) => line.reference === COINS_REFUND_REFERENCE && line.reference_id === record.bff_refund_id)
  return { kind: "coins", id: made?.id ?? null, amount }
}

/**
 * Records on the order what the BFF already paid back (a Razorpay refund, or Dark Coins for cash on delivery), so
 * Medusa's pending difference comes to 0 and its dashboard offers no refund already made. Nothing moves money here.
 * Idempotent by `bff_refund_id`; a return not yet received is a 409 the BFF retries.
 */
export async function recordRefund(scope: MedusaContainer, orderId: string, record: RefundRecord): Promise<RefundRecordAnswer> {
  return underOrderLock(scope, orderId, async () => {
    if (record.return_id) await assertReturnReceived(scope, orderId, record.return_id)
    const order = await orderMoney(scope, orderId)
    return record.kind === "payment" ? recordPaymentRefund(scope, order, record) : recordCoinsRefund(scope, order, record)
  })
}
