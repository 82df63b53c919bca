import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { hasEnded, lockOrder, orderById, type OrderCommands, type OrderEnding } from "../orders/index.js"
import { lockWalletsOfOrder, returnSpentCoins } from "../wallet/index.js"
import { checkoutById } from "./checkouts.js"
import { enqueueOrderRefundRecord } from "./medusa-refund-record.js"
import { refundedFromDashboard } from "./ops-refunds.js"
import { REFUND_JOB } from "./razorpay-settlement.js"

type Queryable = Pick<Db, "query">

type Options = {
  db: Db
  logger: Logger
  /** Ends the order's row and tells the ending in its transaction (the shopper's message, the credit note, the referral earnings taken back). */
  orders: Pick<OrderCommands, "end">
  /** What the order's returns already gave back (money to the payment, coins spent): the ending gives back only the rest. */
  backThroughReturns: (client: Queryable, orderId: string) => Promise<{ toPayment: number; spentCoins: number }>
}

/** Why the money went back, as the refund and Medusa's record of it say. */
const REASONS: Record<OrderEnding, string> = { cancelled: "Order cancelled", returned: "Order returned" }

/**
 * An order ended in Medusa's dashboard, cancelled or returned whole: it shows as CANCELLED or RETURNED,
 * its Dark Coins come back, referral earnings are taken back and an online payment is refunded through
 * Razorpay by the refund job. The order's row, held and found not ended, gates the rest, so a repeated notice changes nothing.
 * What the shopper's own returns already gave back is not given again. Cash paid on delivery for an order returned
 * whole from the dashboard is not refunded here: ops refund it (a return asked from the account refunds it as coins).
 */
export function orderEnding({ db, logger, orders, backThroughReturns }: Options) {
  /** `reason`: why the shop ended it itself (Medusa refused an order the shop had accepted), which the shopper's message says. */
  return async function end(orderId: string, ending: OrderEnding, reason?: string): Promise<boolean> {
    const order = await orderById(db, orderId)
    if (!order) return false
    const checkout = await checkoutById(db, order.checkoutId)
    const refundReason = REASONS[ending]
    const coins = await transaction(db, async (client) => {
      // Held first, so two endings (or an ending and a return's receipt) take turns and the second finds it ended.
      const held = await lockOrder(client, order.id)
      if (!held || hasEnded(held)) return undefined
      await lockWalletsOfOrder(client, order.checkoutId, order.id)
      const back = await backThroughReturns(client, order.id)
      const returned = await returnSpentCoins(client, order.checkoutId, back.spentCoins)
      // Refunds ops already made from Medusa's dashboard are not made again (the order's row, held above, holds them off).
      const refund = (checkout?.amount ?? 0) - back.toPayment - (await refundedFromDashboard(client, order.id))
      const paidBack = checkout?.mode === "prepaid" && checkout.razorpayPaymentId ? Math.max(refund, 0) : 0
      if (!(await orders.end(client, order.id, ending, { refundedPaise: paidBack, ...(reason ? { reason } : {}) })))
        throw new Error(`order ${order.id} ended while its row was held`)
      if (checkout?.mode === "prepaid" && checkout.razorpayPaymentId && refund > 0) {
        await enqueueJob(client, REFUND_JOB, checkout.razorpayPaymentId, { checkoutId: checkout.id, amount: refund, reason: refundReason })
      }
      // Medusa's own cancellation records its refunds; a return whole leaves Medusa owing what we give back here.
      if (ending === "returned")
        await enqueueOrderRefundRecord(client, order.id, {
          toPaymentPaise: paidBack,
          coins: returned,
          note: refundReason,
        })
      return returned
    })
    if (coins === undefined) return false
    logger.info({ orderId, ending, coinsReturned: coins }, `order ${ending}`)
    return true
  }
}
