import { PAISE_PER_COIN } from "@fitshop/contracts"
import { z } from "zod"
import type { Db } from "../../lib/db.js"
import { enqueueJobOnce, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Commerce } from "../../lib/medusa.js"
import { paiseToRupees } from "../../lib/money.js"
import { medusaIdOf } from "../orders/index.js"

type Queryable = Pick<Db, "query">

export const ORDER_REFUND_RECORD_JOB = "order.record-refund"
/** Like the refund it records, retried for ≈ 10.5 h: Medusa down or the order busy with another change only delays it. */
export const REFUND_RECORD_ATTEMPTS = 50

const recordAnswerSchema = z.object({
  kind: z.enum(["payment", "coins"]),
  id: z.string().nullable(),
  amount: z.number(),
  skipped: z.literal(true).optional(),
})

export type MedusaRefundRecord = z.infer<typeof recordAnswerSchema>

/** What the shop gave back at once, under one key: money to the payment (paise) and Dark Coins. */
export type MoneyBack = { key: string; toPaymentPaise: number; coins: number; medusaReturnId?: string | undefined; note: string }

/**
 * Records in Medusa money the BFF already gave back on an order (`medusaOrderId`: Medusa's id of it; it moves none): a refund on the order's payment
 * for Razorpay money, a credit line for Dark Coins. Each part is recorded once by its key, however often this runs;
 * with `medusaReturnId` Medusa answers 409 (thrown, so a job retries) until that return is received.
 */
export async function recordMoneyBackInMedusa(commerce: Commerce, medusaOrderId: string, back: MoneyBack): Promise<MedusaRefundRecord[]> {
  const parts = [
    { kind: "payment" as const, paise: back.toPaymentPaise, how: "paid back through Razorpay by the shop" },
    { kind: "coins" as const, paise: back.coins * PAISE_PER_COIN, how: "given back as Dark Coins by the shop" },
  ].filter((part) => part.paise > 0)
  const recorded: MedusaRefundRecord[] = []
  for (const part of parts) {
    const body = {
      bff_refund_id: `${back.key}:${part.kind}`,
      kind: part.kind,
      amount: paiseToRupees(part.paise),
      note: `${back.note}: ${part.how}`,
      ...(back.medusaReturnId ? { return_id: back.medusaReturnId } : {}),
    }
    const answer = await commerce.internal(`/internal/orders/${encodeURIComponent(medusaOrderId)}/refunds`, { method: "POST", body })
    recorded.push(recordAnswerSchema.parse(answer))
  }
  return recorded
}

const orderMoneyBackSchema = z.object({ toPaymentPaise: z.number().int().min(0), coins: z.number().int().min(0), note: z.string().min(1) })

/** Queues the recording in Medusa of what an order's ending gave back, in the transaction that gave it; once per order. */
export async function enqueueOrderRefundRecord(client: Queryable, orderId: string, back: z.infer<typeof orderMoneyBackSchema>): Promise<void> {
  if (back.toPaymentPaise > 0 || back.coins > 0) await enqueueJobOnce(client, ORDER_REFUND_RECORD_JOB, orderId, back)
}

/** The job recording an order's ending's money in Medusa, so its dashboard shows nothing more owed. */
export function orderRefundRecordJob({ commerce, db }: { commerce: Commerce; db: Db }): JobHandler {
  async function run(job: Job): Promise<void> {
    const back = orderMoneyBackSchema.parse(job.payload)
    await recordMoneyBackInMedusa(commerce, await medusaIdOf(db, job.key), { key: `order-${job.key}`, ...back })
  }
  return { run, maxAttempts: REFUND_RECORD_ATTEMPTS }
}
