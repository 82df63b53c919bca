import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { Commerce } from "../../lib/medusa.js"
import type { ReturnEventListener } from "../../lib/order-events.js"
import { holdEarningsForReturn, releaseEarningsOfReturn } from "../wallet/index.js"
import { cancelMedusaExchange, cancelMedusaReturn } from "./medusa-returns.js"
import { cancelReturn, lockReturn, returnById, returnsOfOrders, type ReturnRecord } from "./returns.js"
import { medusaIdOf } from "../orders/index.js"

export const RETURN_CANCEL_JOB = "return.cancel"
/** Medusa's side of a cancelled pickup is retried for ≈ 5.5 h, like its receipt; staff retry it from the console after that. */
const CANCEL_ATTEMPTS = 30

/** A return still asking its lines back: it holds their referral earnings (ask.ts). */
const ASKING = new Set<ReturnRecord["status"]>(["requested", "pickup_scheduled", "picked_up"])

/**
 * The courier gave a reverse pickup up (cancelled, or failed for good): the return ends as cancelled, once, so the
 * shopper may ask again, and nothing it held stays held: an exchange's new size (here, and Medusa's reservation by a
 * job), the referral earnings of its lines, Medusa's return. The shopper is told.
 */
export function pickupCancellations({
  db,
  commerce,
  logger,
  onReturnEvent,
}: {
  db: Db
  commerce: Commerce
  logger: Logger
  onReturnEvent?: ReturnEventListener
}) {
  /** Answers whether this call cancelled it (a return already picked up, received or cancelled is left as it is). */
  async function pickupEnded(returnId: string): Promise<boolean> {
    return transaction(db, async (client) => {
      const ask = await lockReturn(client, returnId)
      if (!ask || !(await cancelReturn(client, ask.id))) return false
      await releaseEarningsOfReturn(client, ask.id)
      // Another return still asking for the same lines holds their earnings in its place.
      for (const other of await returnsOfOrders(client, [ask.orderId])) {
        if (other.kind === "return" && ASKING.has(other.status)) {
          await holdEarningsForReturn(
            client,
            other.orderId,
            other.lines.map((line) => line.variantId),
            other.id,
          )
        }
      }
      if (ask.medusaReturnId) await enqueueJob(client, RETURN_CANCEL_JOB, ask.id)
      await onReturnEvent?.(client, ask.id, "return_cancelled")
      return true
    })
  }

  /** Medusa's return (or exchange, its new size's reservation with it) cancelled too, so ops see what the courier did. */
  async function cancelInMedusa(job: Job): Promise<void> {
    const ask = await returnById(db, job.key)
    if (!ask || ask.status !== "cancelled") return
    if (ask.medusaExchangeId) await cancelMedusaExchange(commerce, await medusaIdOf(db, ask.orderId), ask.medusaExchangeId)
    else if (ask.medusaReturnId) await cancelMedusaReturn(commerce, await medusaIdOf(db, ask.orderId), ask.medusaReturnId)
    logger.info({ returnId: ask.id, orderId: ask.orderId }, "return cancelled in Medusa")
  }

  const cancelInMedusaJob: JobHandler = { run: cancelInMedusa, maxAttempts: CANCEL_ATTEMPTS }
  return { pickupEnded, cancelInMedusaJob }
}
