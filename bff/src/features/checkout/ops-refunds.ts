import { PAISE_PER_COIN } from "@fitshop/contracts"
import { Router } from "express"
import { z } from "zod"
import { requireInternalSecret } from "../../http/internal-secret.js"
import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, enqueueJobOnce, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { Commerce } from "../../lib/medusa.js"
import type { RazorpayClient } from "../../lib/razorpay.js"
import { hasEnded, lockOrder, orderById, orderByMedusaId } from "../orders/index.js"
import { creditMedusaRefundCoins } from "../wallet/index.js"
import { checkoutById } from "./checkouts.js"

type Queryable = Pick<Db, "query">

/** Reads a payment's refunds after Medusa's notice that it was refunded; keyed by Medusa's payment id, run again per notice. */
export const PAYMENT_REFUNDED_JOB = "payment.refunded"
/** Pays one refund ops made in Medusa's dashboard; keyed by Medusa's refund id, so it is paid once. */
export const OPS_REFUND_JOB = "payment.ops-refund"
/** As the shop's other refunds: ≈ 10.5 h of retries, the idempotency key making each harmless, then staff. */
const ATTEMPTS = 50

/** Told, in the transaction that marks it paid, that the shopper has a refund ops made (their message). */
export type RefundPaidListener = (client: Queryable, refundId: string) => Promise<void>

const refundsAnswerSchema = z.object({
  payment: z.object({
    payment_id: z.string().min(1),
    order_id: z.string().min(1).nullable(),
    refunds: z.array(
      z.object({ id: z.string().min(1), amount: z.number().positive(), created_by: z.string().nullable(), bff_refund_id: z.string().nullable() }),
    ),
  }),
})

type MedusaRefundRow = { refund_id: string; order_id: string; amount_paise: number; paid_as: "razorpay" | "dark_coins"; paid_at: Date | null }

/** What ops refunded to the order's online payment from Medusa's dashboard (paid or still to pay), paise: an ending gives back only the rest. */
export async function refundedFromDashboard(client: Queryable, orderId: string): Promise<number> {
  const { rows } = await client.query<{ paise: string }>(
    "select coalesce(sum(amount_paise), 0) as paise from bff.medusa_refunds where order_id = $1 and paid_as = 'razorpay'",
    [orderId],
  )
  return Number(rows[0]?.paise ?? 0)
}

/** Razorpay's idempotency key for a dashboard refund: one Razorpay refund per Medusa refund, however often the job runs. */
const razorpayKey = (refundId: string) => `medusa_${refundId}`

/**
 * A refund ops press in Medusa's dashboard moves no money there (our payment providers only record): Medusa tells
 * the BFF, which pays each refund it did not record itself once (to Razorpay for an online payment, as Dark Coins at
 * 10 a rupee for cash on delivery) and tells the shopper. Refunds the BFF recorded carry its key and are never paid again.
 */
export function opsRefunds({
  db,
  commerce,
  razorpay,
  logger,
  internalSecret,
  onRefundPaid,
}: {
  db: Db
  commerce: Commerce
  razorpay: RazorpayClient
  logger: Logger
  internalSecret: string
  onRefundPaid?: RefundPaidListener
}) {
  const routes = Router()
  routes.post("/internal/payments/:id/refunded", requireInternalSecret(internalSecret), async (req, res) => {
    await enqueueJob(db, PAYMENT_REFUNDED_JOB, String(req.params.id))
    res.status(204).end()
  })

  /** Notes each refund of the payment that ops made (not one the BFF recorded), and queues paying it, once per refund. */
  async function readRefunds(job: Job): Promise<void> {
    const path = `/internal/payments/${encodeURIComponent(job.key)}/refunds`
    const { payment } = refundsAnswerSchema.parse(await commerce.internal(path))
    const order = payment.order_id ? await orderByMedusaId(db, payment.order_id) : undefined
    const checkout = order && (await checkoutById(db, order.checkoutId))
    if (!order || !checkout) return
    // Medusa's own cancellation refunds what was captured, and the BFF's ending of the order pays that back already.
    if (hasEnded(order)) return
    const paidAs = checkout.mode === "prepaid" ? "razorpay" : "dark_coins"
    const fresh = payment.refunds.filter((refund) => refund.bff_refund_id === null)
    const noted = await transaction(db, async (client) => {
      // Held against the order's ending (orderEnding marks the same row): an ending either counts these refunds out
      // of what it gives back, or came first and gave back everything, so nothing is paid twice.
      const held = await lockOrder(client, order.id)
      if (!held || hasEnded(held)) return 0
      let count = 0
      for (const refund of fresh) {
        const { rowCount } = await client.query(
          `insert into bff.medusa_refunds (refund_id, order_id, amount_paise, paid_as) values ($1, $2, $3, $4) on conflict (refund_id) do nothing`,
          [refund.id, order.id, Math.round(refund.amount * 100), paidAs],
        )
        if (!rowCount) continue
        await enqueueJobOnce(client, OPS_REFUND_JOB, refund.id)
        count += 1
      }
      return count
    })
    if (noted) {
      logger.info({ paymentId: job.key, orderId: order.id, refunds: noted }, "refunds made in Medusa's dashboard, to pay")
    }
  }

  async function refundOf(client: Queryable, refundId: string, lock = false): Promise<MedusaRefundRow | undefined> {
    const { rows } = await client.query<MedusaRefundRow>(
      `select refund_id, order_id, amount_paise, paid_as, paid_at from bff.medusa_refunds where refund_id = $1${lock ? " for update" : ""}`,
      [refundId],
    )
    return rows[0]
  }

  /** Marks the refund paid and tells the shopper, once: false when an earlier run had. */
  async function markPaid(client: Queryable, refundId: string): Promise<boolean> {
    const { rowCount } = await client.query("update bff.medusa_refunds set paid_at = now() where refund_id = $1 and paid_at is null", [refundId])
    if (!rowCount) return false
    await onRefundPaid?.(client, refundId)
    return true
  }

  async function pay(job: Job): Promise<void> {
    const refund = await refundOf(db, job.key)
    if (!refund || refund.paid_at) return
    const order = await orderById(db, refund.order_id)
    const checkout = order && (await checkoutById(db, order.checkoutId))
    if (!order || !checkout) throw new Error(`dashboard refund ${refund.refund_id}: order ${refund.order_id} has no checkout`)
    if (refund.paid_as === "razorpay") {
      if (!checkout.razorpayPaymentId) throw new Error(`dashboard refund ${refund.refund_id}: its order has no Razorpay payment to refund`)
      await razorpay.refund(checkout.razorpayPaymentId, {
        amount: refund.amount_paise,
        idempotencyKey: razorpayKey(refund.refund_id),
        notes: { medusa_refund_id: refund.refund_id, order_id: order.id, reason: "Refunded by the shop" },
      })
    }
    const paid = await transaction(db, async (client) => {
      const held = await refundOf(client, refund.refund_id, true)
      if (!held || held.paid_at) return false
      if (held.paid_as === "dark_coins") {
        await creditMedusaRefundCoins(client, {
          userId: order.userId,
          orderId: order.id,
          refundId: held.refund_id,
          coins: Math.floor(held.amount_paise / PAISE_PER_COIN),
          note: "Refund: paid as Dark Coins",
        })
      }
      return markPaid(client, held.refund_id)
    })
    if (paid) {
      logger.info({ refundId: refund.refund_id, orderId: order.id, amount: refund.amount_paise, paidAs: refund.paid_as }, "dashboard refund paid")
    }
  }

  const jobs: Record<string, JobHandler> = {
    [PAYMENT_REFUNDED_JOB]: { run: readRefunds, maxAttempts: ATTEMPTS },
    [OPS_REFUND_JOB]: { run: pay, maxAttempts: ATTEMPTS },
  }
  return { routes, jobs }
}
