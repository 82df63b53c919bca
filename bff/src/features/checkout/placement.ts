import type { PoolClient } from "pg"
import { inTransaction, type Db } from "../../lib/db.js"
import { enqueueJob } from "../../lib/jobs.js"
import { withAdvisoryLock } from "../../lib/locks.js"
import type { Logger } from "../../lib/logger.js"
import type { BagService } from "../cart/index.js"
import { nextOrderNumber, shopOrderId, type OrderCommands } from "../orders/index.js"
import { assignCheckoutEntriesToOrder, CoinsAlreadySpent, spendCoins } from "../wallet/index.js"
import { checkoutById, markAccepted, markFailed, type Checkout } from "./checkouts.js"
import { StockShortfall, type CommercePayment } from "./commerce-checkout.js"
import { ALREADY_PLACING } from "./schema.js"
import { CheckoutInFlight, holdsUnits, holdStock } from "./stock-holds.js"

/** Why a checkout can never become an order; the money it took (if any) goes back. */
export class CheckoutRefused extends Error {}

/** A cash-on-delivery checkout's bag no longer holds its lines: another checkout of the same bag was accepted first. */
class BagAlreadyBought extends Error {
  constructor() {
    super(ALREADY_PLACING)
  }
}

export const SOLD_OUT = "An item in your order sold out before we could place it."

/** Places an accepted order in Medusa (medusa-placement.ts); keyed by the shop's order id, the payment in its payload. */
export const PLACE_IN_MEDUSA_JOB = "place-order-in-medusa"

/**
 * A payment window's units are counted as still held only with this much of it left: accepting takes a few
 * statements, and a hold must not lapse between the check and the acceptance that keeps it for good.
 */
const HOLD_MARGIN_MS = 60_000

const checkoutLock = (checkoutId: string) => `checkout:${checkoutId}`

type Deps = {
  db: Db
  bag: BagService
  logger: Logger
  /** Records the order accepted and tells it, in the transaction that accepts it (its messages, its invoice, referral earnings). */
  orders: Pick<OrderCommands, "record">
  /** STOCK_HOLD_MINUTES: a payment that arrives after its window holds its units again for this long while it is accepted. */
  holdMinutes: number
}

/**
 * Accepts a checkout's order exactly once, without waiting for Medusa: under a per-checkout lock, in one PostgreSQL
 * transaction that spends the coins, numbers the order, records it (the shopper is told it is placed), keeps its
 * units held until Medusa has it, takes the bought lines out of the bag, and queues the durable job that places it in
 * Medusa (medusa-placement.ts). A
 * checkout whose units or coins are gone is marked failed and nothing is spent.
 */
export function checkoutPlacement({ db, bag, logger, orders, holdMinutes }: Deps) {
  /**
   * `fromBag`: the checkout was made from the bag a moment ago (cash on delivery as it is checked out), so a bag that
   * no longer holds its lines was bought by a checkout accepted in between (a double click): refused. A payment, or
   * an order Medusa already has, is accepted whatever the bag holds by now.
   */
  async function accept(checkoutId: string, payment: CommercePayment, { fromBag = false } = {}): Promise<string> {
    const accepted = await withAdvisoryLock(db, checkoutLock(checkoutId), async (client) => {
      const checkout = await checkoutById(client, checkoutId)
      if (!checkout) throw new Error(`checkout ${checkoutId} not found`)
      if (checkout.orderId) return { orderId: checkout.orderId }
      if (checkout.status === "failed" || checkout.status === "refunded") throw new CheckoutRefused(checkout.failure ?? SOLD_OUT)

      // A payment that came after its window closed (a UPI request approved late) gets its units again, while they last.
      if (!(await holdsUnits(client, checkout.id, HOLD_MARGIN_MS))) await holdAgain(client, checkout)
      const orderId = shopOrderId(checkout.id)
      try {
        await inTransaction(client, async (tx) => {
          if (checkout.coins > 0) await spendCoins(tx, checkout.userId, checkout.id, checkout.coins)
          await markAccepted(tx, checkout.id, orderId)
          await assignCheckoutEntriesToOrder(tx, checkout.id, orderId)
          await enqueueJob(tx, PLACE_IN_MEDUSA_JOB, orderId, { payment })
          // In the same transaction: an answer lost after the commit leaves a bag without the bought lines, so the
          // shopper's retry can never order them twice.
          const held = await forgetBought(tx, checkout)
          if (fromBag && held < checkout.lines.reduce((units, line) => units + line.quantity, 0)) throw new BagAlreadyBought()
          // Last, as its listeners (the messages, the invoice, referral earnings) read the accepted checkout and its coins.
          await orders.record(tx, { id: orderId, displayId: await nextOrderNumber(tx) }, checkout)
        })
      } catch (error) {
        // Rolled back by now: the checkout is marked failed outside the transaction, so the mark stays.
        if (!(error instanceof CoinsAlreadySpent || error instanceof BagAlreadyBought)) throw error
        await markFailed(client, checkout.id, error.message)
        logger.warn({ err: error, checkoutId }, "checkout refused")
        throw new CheckoutRefused(error.message)
      }
      return { orderId }
    })
    return accepted.orderId
  }

  /** Holds a late payment's units again through the stock gate; gone, the checkout fails (its payment is refunded). */
  async function holdAgain(client: PoolClient, checkout: Checkout): Promise<void> {
    try {
      await holdStock(client, {
        checkoutId: checkout.id,
        userId: checkout.userId,
        mode: checkout.mode,
        lines: checkout.lines,
        expiresAt: new Date(Date.now() + holdMinutes * 60_000),
      })
    } catch (error) {
      // Their cash-on-delivery checkout in flight takes the place of this late one, as a new checkout would.
      if (!(error instanceof StockShortfall || error instanceof CheckoutInFlight)) throw error
      await markFailed(client, checkout.id, SOLD_OUT)
      throw new CheckoutRefused(SOLD_OUT)
    }
  }

  /** What was bought leaves the bag; answers how many of its units the bag held. */
  async function forgetBought(client: PoolClient, checkout: Checkout): Promise<number> {
    return bag.forgetPurchased(
      client,
      checkout.userId,
      checkout.lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
    )
  }

  /** Returns once no acceptance of this checkout is under way. */
  async function acceptanceDone(checkoutId: string): Promise<void> {
    await withAdvisoryLock(db, checkoutLock(checkoutId), async () => undefined)
  }

  return { accept, acceptanceDone }
}

export type CheckoutPlacement = ReturnType<typeof checkoutPlacement>
