import { z } from "zod"
import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { medusaAddress } from "../addresses/index.js"
import { DISPATCH_JOB } from "../fulfillment/index.js"
import { hasEnded, orderById, type OrderCommands } from "../orders/index.js"
import type { UsersRepository } from "../users/index.js"
import { checkoutById, keepMedusaCart, markPlacedInMedusa, owedPaise, type Checkout } from "./checkouts.js"
import { commercePaymentSchema, OrderRefused, StockShortfall, type CheckoutCartRequest, type CommerceCheckout } from "./commerce-checkout.js"
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
  users: Pick<UsersRepository, "byId">
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
export function medusaPlacement({ db, users, commerce, logger, orders, cancel }: Deps) {
  /** The accepted checkout as a Medusa cart: its lines at the prices the shop accepted, its COD fee and its credits. */
  async function cartRequest(checkout: Checkout): Promise<CheckoutCartRequest> {
    const user = await users.byId(checkout.userId)
    // Checked at checkout; an account unlinked since is for staff to mend, the job failing where they see it.
    if (!user?.medusa_customer_id) throw new Error(`checkout ${checkout.id}: its shopper has no Medusa customer`)
    const owed = owedPaise(checkout)
    const credits: CheckoutCartRequest["credits"] = [
      { reference: "dark_coins", reference_id: checkout.id, amount_paise: checkout.discount, metadata: { coins: checkout.coins } },
      { reference: "live_test", reference_id: checkout.id, amount_paise: checkout.isTest ? owed - checkout.amount : 0 },
    ]
    return {
      customer_id: user.medusa_customer_id,
      email: checkout.address.email ?? user.email,
      shipping_address: medusaAddress(checkout.address),
      items: checkout.lines.map((line) => ({
        variant_id: line.variantId,
        quantity: line.quantity,
        unit_price_paise: line.unitPrice,
        // The referring post rides along for referral earnings.
        metadata: line.refPostId ? { refPostId: line.refPostId } : {},
      })),
      cod_fee_paise: checkout.codFee,
      credits: credits.filter((credit) => credit.amount_paise > 0),
      metadata: { checkout_id: checkout.id, user_id: checkout.userId, mode: checkout.mode, is_test: checkout.isTest },
    }
  }

  /**
   * The checkout's Medusa cart, made on the job's first run and kept (a run cut between making and keeping it leaves a
   * cart nobody completes; Medusa holds no stock for a cart). Medusa priced it at the shop's prices, so its total is
   * what the shopper was charged; anything else is a fault for staff (the job fails where they see it), never placed.
   */
  async function cartOf(checkout: Checkout): Promise<string> {
    let cart = checkout.medusaCartId ? await commerce.cart(checkout.medusaCartId) : await commerce.createCart(await cartRequest(checkout))
    if (!checkout.medusaCartId) {
      const kept = await keepMedusaCart(db, checkout.id, cart.id)
      if (kept !== cart.id) cart = await commerce.cart(kept)
    }
    if (cart.total_paise !== checkout.amount) {
      throw new Error(`checkout ${checkout.id}: Medusa's cart ${cart.id} totals ${cart.total_paise} paise, the shopper was charged ${checkout.amount}`)
    }
    return cart.id
  }

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
      placed = await commerce.complete(await cartOf(checkout), payment, order.id)
    } catch (error) {
      if (!(error instanceof OrderRefused || error instanceof StockShortfall)) throw error
      const reason = error instanceof StockShortfall || error.reason === "out_of_stock" ? SOLD_OUT : REFUSED_PAYMENT
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
