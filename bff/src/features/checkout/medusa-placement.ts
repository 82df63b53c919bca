import { z } from "zod"
import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { DISPATCH_JOB } from "../fulfillment/index.js"
import { hasEnded, orderById, type OrderCommands } from "../orders/index.js"
import { checkoutById, markPlacedInMedusa } from "./checkouts.js"
import { commercePaymentSchema, OrderRefused, type CommerceCheckout } from "./commerce-checkout.js"
import { SOLD_OUT } from "./placement.js"
import { releaseHolds } from "./stock-holds.js"

/**
 * Medusa down for long: the job keeps trying for ≈ 13 h (backoff up to 15 minutes), then fails where staff see it and
 * retry it. The shopper was told the order is placed, so it is never given up on its own.
 */
const PLACE_ATTEMPTS = 60

const REFUSED_PAYMENT = "We could not match your payment to your order."

const jobPayload = z.object({ payment: commercePaymentSchema })

type Deps = {
  db: Db
  commerce: CommerceCheckout
  logger: Logger
  orders: Pick<OrderCommands, "placedInMedusa">
  /** Ends an accepted order Medusa refused: cancelled, its coins back, its payment refunded, the shopper told why. */
  cancel: (orderId: string, ending: "cancelled", reason: string) => Promise<boolean>
}

/**
 * The durable second half of a checkout: the order the shop accepted is placed in Medusa (Medusa's order carries the
 * shop's id in its metadata, `shop_order_id`), once whoever runs it and however often (Medusa places one order per
 * cart and answers the same order again). Then the shop keeps Medusa's ids, its units count as Medusa's until the
 * catalogue reads them, and the parcel is booked. Medusa refusing it (ops changed the stock in between) cancels it
 * with a message and a refund, never silently; Medusa not answering retries.
 */
export function medusaPlacement({ db, commerce, logger, orders, cancel }: Deps) {
  async function run(job: Job): Promise<void> {
    const order = await orderById(db, job.key)
    if (!order || order.medusaOrderId) return
    // Ended before Medusa placed it (refused on an earlier run): nothing to place, its units free.
    if (hasEnded(order)) return releaseHolds(db, order.checkoutId)
    const checkout = await checkoutById(db, order.checkoutId)
    if (!checkout) throw new Error(`order ${order.id} has no checkout ${order.checkoutId}`)
    const { payment } = jobPayload.parse(job.payload)

    let placed
    try {
      placed = await commerce.complete(checkout.medusaCartId, payment, order.id)
    } catch (error) {
      if (!(error instanceof OrderRefused)) throw error
      const reason = error.reason === "out_of_stock" ? SOLD_OUT : REFUSED_PAYMENT
      logger.warn({ err: error, orderId: order.id }, "Medusa refused an accepted order; cancelling it")
      await cancel(order.id, "cancelled", reason)
      await releaseHolds(db, checkout.id)
      return
    }
    await transaction(db, async (client) => {
      if (!(await orders.placedInMedusa(client, order.id, placed))) return
      await markPlacedInMedusa(client, checkout.id)
      if (!checkout.isTest) await enqueueJob(client, DISPATCH_JOB, order.id)
    })
    logger.info({ orderId: order.id, medusaOrderId: placed.id, waitedMs: Date.now() - order.createdAt.getTime() }, "order placed in Medusa")
  }

  const job: JobHandler = { run, maxAttempts: PLACE_ATTEMPTS }
  return { job }
}
