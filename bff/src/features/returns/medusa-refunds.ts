import type { Db } from "../../lib/db.js"
import { enqueueJobOnce, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Commerce } from "../../lib/medusa.js"
import type { ReturnEventListener } from "../../lib/order-events.js"
import { recordMoneyBackInMedusa, REFUND_RECORD_ATTEMPTS } from "../checkout/index.js"
import { returnById } from "./returns.js"
import { medusaIdOf } from "../orders/index.js"

export const RETURN_REFUND_RECORD_JOB = "return.record-refund"

/**
 * A return's money, once the shopper has it (the Razorpay refund made, the coins credited), recorded on the order in
 * Medusa once Medusa has received the return: its pending difference comes back to 0, so ops are offered no second refund.
 */
export function returnRefundRecordJob({ db, commerce }: { db: Db; commerce: Commerce }): JobHandler {
  async function run(job: Job): Promise<void> {
    const ask = await returnById(db, job.key)
    if (!ask || ask.kind !== "return") return
    if (!ask.medusaReturnId) throw new Error(`return ${ask.id} has no Medusa return yet to record its refund against`)
    await recordMoneyBackInMedusa(commerce, await medusaIdOf(db, ask.orderId), {
      key: `return-${ask.id}`,
      toPaymentPaise: ask.refund.toPayment,
      coins: ask.refund.coins,
      medusaReturnId: ask.medusaReturnId,
      note: "Return received",
    })
  }
  return { run, maxAttempts: REFUND_RECORD_ATTEMPTS }
}

/** The return listener, recording each refund in Medusa too: queued in the transaction that tells the shopper it was refunded. */
export function recordingReturnRefunds(onReturnEvent: ReturnEventListener): ReturnEventListener {
  return async (client, returnId, event) => {
    if (event === "return_refunded") await enqueueJobOnce(client, RETURN_REFUND_RECORD_JOB, returnId)
    await onReturnEvent(client, returnId, event)
  }
}
