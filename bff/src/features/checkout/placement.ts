import type { PoolClient } from "pg"
import { inTransaction, type Db } from "../../lib/db.js"
import { enqueueJob } from "../../lib/jobs.js"
import { withAdvisoryLock } from "../../lib/locks.js"
import type { Logger } from "../../lib/logger.js"
import { medusaTurns } from "../../lib/medusa.js"
import type { BagService } from "../cart/index.js"
import { DISPATCH_JOB } from "../fulfillment/index.js"
import type { OrderCommands } from "../orders/index.js"
import { assignCheckoutEntriesToOrder, CoinsAlreadySpent, spendCoins } from "../wallet/index.js"
import { checkoutById, markFailed, markPlaced, type Checkout } from "./checkouts.js"
import { OrderRefused, type CommerceCheckout, type CommercePayment } from "./commerce-checkout.js"

/** Why a checkout can never become an order; the money it took (if any) goes back. */
export class CheckoutRefused extends Error {}

const SOLD_OUT = "An item in your order sold out before we could place it."

const checkoutLock = (checkoutId: string) => `checkout:${checkoutId}`

type Deps = {
  db: Db
  commerce: CommerceCheckout
  bag: BagService
  logger: Logger
  /** Records the order placed and tells it, in the transaction that places it (its messages, its invoice, referral earnings). */
  orders: Pick<OrderCommands, "record">
}

/**
 * Places a checkout's order exactly once: under a per-checkout lock, in one PostgreSQL transaction
 * that locks the wallet and spends the coins, asks Medusa to place the order (idempotent per cart)
 * and records it with its dispatch job. If Medusa refuses or the coins are gone, nothing is spent and
 * the checkout is marked failed; if Medusa can't be reached, nothing is recorded and a retry is safe.
 */
export function checkoutPlacement({ db, commerce, bag, logger, orders }: Deps) {
  // A placement holds a database connection while Medusa places the order. Placements wait their turn
  // here, before taking one: no more hold a connection than Medusa takes calls at once, so a drop's
  // winners queueing for Medusa can't take the whole pool from everyone else's requests.
  const placements = medusaTurns()

  async function place(checkoutId: string, payment: CommercePayment): Promise<string> {
    return placements("placement", () => placeNow(checkoutId, payment))
  }

  async function placeNow(checkoutId: string, payment: CommercePayment): Promise<string> {
    const placed = await withAdvisoryLock(db, checkoutLock(checkoutId), async (client) => {
      const checkout = await checkoutById(client, checkoutId)
      if (!checkout) throw new Error(`checkout ${checkoutId} not found`)
      if (checkout.medusaOrderId) return { orderId: checkout.medusaOrderId, fresh: false }
      if (checkout.status === "failed" || checkout.status === "refunded") throw new CheckoutRefused(checkout.failure ?? SOLD_OUT)

      let orderId: string
      try {
        orderId = await inTransaction(client, async (tx) => {
          if (checkout.coins > 0) await spendCoins(tx, checkout.userId, checkout.id, checkout.coins)
          const placedOrder = await commerce.complete(checkout.medusaCartId, payment)
          await markPlaced(tx, checkout.id, placedOrder.id)
          await assignCheckoutEntriesToOrder(tx, checkout.id, placedOrder.id)
          if (!checkout.isTest) await enqueueJob(tx, DISPATCH_JOB, placedOrder.id)
          // Last, as its listeners (the messages, the invoice, referral earnings) read the placed checkout and its coins.
          await orders.record(tx, placedOrder, checkout)
          return placedOrder.id
        })
      } catch (error) {
        // Rolled back by now: the checkout is marked failed outside the transaction, so the mark stays.
        if (error instanceof OrderRefused || error instanceof CoinsAlreadySpent) {
          const reason =
            error instanceof CoinsAlreadySpent ? error.message : error.reason === "out_of_stock" ? SOLD_OUT : "The payment could not be matched to your order."
          await markFailed(client, checkout.id, reason)
          logger.warn({ err: error, checkoutId }, "checkout refused")
          throw new CheckoutRefused(reason)
        }
        throw error
      }
      // Still under the checkout's lock: a verify or webhook waiting on it answers only once the bag is clear.
      await forgetBought(client, checkout)
      return { orderId, fresh: true }
    })
    return placed.orderId
  }

  /** What was bought leaves the bag; a failure here never undoes the order. */
  async function forgetBought(client: PoolClient, checkout: Checkout): Promise<void> {
    try {
      await bag.forgetPurchased(
        client,
        checkout.userId,
        checkout.lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
      )
    } catch (error) {
      logger.warn({ err: error, checkoutId: checkout.id }, "could not clear bought lines from the bag")
    }
  }

  /** Returns once no placement of this checkout is under way (one may still be taking the bought lines out of the bag). */
  async function placementDone(checkoutId: string): Promise<void> {
    await withAdvisoryLock(db, checkoutLock(checkoutId), async () => undefined)
  }

  return { place, placementDone }
}

export type CheckoutPlacement = ReturnType<typeof checkoutPlacement>
