import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { markCancelled, orderById } from "../orders/index.js"
import { lockWalletsOfOrder, returnSpentCoins } from "../wallet/index.js"
import { checkoutById } from "./checkouts.js"
import { REFUND_JOB } from "./razorpay-settlement.js"

type Queryable = Pick<Db, "query">

type Options = {
  db: Db
  logger: Logger
  onEnqueued?: () => void
  /** More to undo in the cancelling transaction (the referral earnings the order gave). */
  alsoUndo?: (client: Queryable, orderId: string) => Promise<unknown>
}

/**
 * An order cancelled in Medusa's dashboard: it shows as CANCELLED, its Dark Coins come back, referral
 * earnings are taken back and an online payment is refunded through Razorpay by the refund job. Every
 * step is once-only, so a repeated notice changes nothing.
 */
export function orderCancellation({ db, logger, onEnqueued, alsoUndo }: Options) {
  return async function cancel(orderId: string): Promise<boolean> {
    const order = await orderById(db, orderId)
    if (!order) return false
    const checkout = await checkoutById(db, order.checkoutId)
    const coins = await transaction(db, async (client) => {
      if (!(await markCancelled(client, order.id))) return undefined
      await lockWalletsOfOrder(client, order.checkoutId, order.id)
      const returned = await returnSpentCoins(client, order.checkoutId)
      await alsoUndo?.(client, order.id)
      if (checkout?.mode === "prepaid" && checkout.razorpayPaymentId) {
        await enqueueJob(client, REFUND_JOB, checkout.razorpayPaymentId, { checkoutId: checkout.id, amount: checkout.amount, reason: "Order cancelled" })
      }
      return returned
    })
    if (coins === undefined) return false
    logger.info({ orderId, coinsReturned: coins }, "order cancelled")
    onEnqueued?.()
    return true
  }
}
