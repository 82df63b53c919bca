import type { Db } from "../../lib/db.js"
import { enqueueJob } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { checkoutById } from "../checkout/checkouts.js"
import { REFUND_JOB } from "../checkout/razorpay-settlement.js"
import { returnSpentCoins } from "../wallet/ledger.js"
import { markCancelled, orderById } from "./orders.js"

/**
 * An order cancelled in Medusa's dashboard: it shows as CANCELLED, its Dark Coins come back and an
 * online payment is refunded through Razorpay by the refund job. Every step is once-only, so a
 * repeated notice changes nothing.
 */
export function orderCancellation({ db, logger, onEnqueued }: { db: Db; logger: Logger; onEnqueued?: () => void }) {
  return async function cancel(orderId: string): Promise<boolean> {
    const order = await orderById(db, orderId)
    if (!order) return false
    const checkout = await checkoutById(db, order.checkoutId)
    const client = await db.connect()
    try {
      await client.query("begin")
      if (!(await markCancelled(client, order.id))) {
        await client.query("rollback")
        return false
      }
      const coins = await returnSpentCoins(client, order.checkoutId)
      if (checkout?.mode === "prepaid" && checkout.razorpayPaymentId) {
        await enqueueJob(client, REFUND_JOB, checkout.razorpayPaymentId, { checkoutId: checkout.id, amount: checkout.amount, reason: "Order cancelled" })
      }
      await client.query("commit")
      logger.info({ orderId, coinsReturned: coins }, "order cancelled")
    } catch (error) {
      await client.query("rollback")
      throw error
    } finally {
      client.release()
    }
    onEnqueued?.()
    return true
  }
}
