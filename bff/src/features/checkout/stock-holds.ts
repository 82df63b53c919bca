import type { Db } from "../../lib/db.js"
import { StockShortfall, type Shortfall } from "./commerce-checkout.js"

type Queryable = Pick<Db, "query">

export type HeldLine = { productId: string; variantId: string; quantity: number }

/** The shopper already has a cash-on-delivery checkout being placed (a double click, another tab). */
export class CheckoutInFlight extends Error {
  constructor() {
    super("A cash-on-delivery checkout of this shopper is being placed")
  }
}

/** The checkout would take a drop past its limit per shopper, counting every account of the person. */
export class DropLimitReached extends Error {
  constructor(
    readonly productId: string,
    readonly limit: number,
  ) {
    super(`The shopper already has the most of drop ${productId} one person may buy`)
  }
}

/**
 * A checkout's drops, for the gate to hold them only within their limit per shopper: the person's lock (catalog's
 * DropShopper), all their accounts, and each drop product's limit.
 */
export type DropLimits = { lock: string; accountIds: string[]; limits: Record<string, number> }

type HoldAnswer = { held: true } | { inFlight: true } | { shortfalls: Shortfall[] } | { dropLimit: { productId: string; limit: number } }

/**
 * Holds a checkout's units, or throws StockShortfall naming the lines that can't have them. One statement
 * (`bff.hold_stock`, migrations 018, 049 and 052) refuses a size already without the units before any lock (a sold-out
 * drop's losers never queue for it), else takes the shopper's lock and then each size's in order, so racing checkouts take units one after another and never more than the read
 * model's stock less the holds that still count (migration 015 says which). While the shopper's
 * cash-on-delivery checkout is in flight another throws CheckoutInFlight; their own earlier online payment
 * windows (abandoned to start again) are released when this one holds. With `drops`, the same statement first takes
 * the person's lock and throws DropLimitReached for a drop they would have more of than its limit (migration 049).
 */
export async function holdStock(
  db: Queryable,
  hold: { checkoutId: string; userId: string; mode: "prepaid" | "cod"; lines: HeldLine[]; expiresAt: Date; drops?: DropLimits },
): Promise<void> {
  const lines = hold.lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity }))
  const { drops } = hold
  const { rows } = await db.query<{ answer: HoldAnswer }>("select bff.hold_stock($1, $2, $3, $4, $5, $6) as answer", [
    hold.checkoutId,
    hold.userId,
    hold.mode,
    JSON.stringify(lines),
    hold.expiresAt,
    drops ? JSON.stringify({ lock: drops.lock, accounts: drops.accountIds, limits: drops.limits }) : null,
  ])
  const answer = rows[0]!.answer
  if ("inFlight" in answer) throw new CheckoutInFlight()
  if ("dropLimit" in answer) throw new DropLimitReached(answer.dropLimit.productId, answer.dropLimit.limit)
  if ("shortfalls" in answer) throw new StockShortfall(answer.shortfalls)
}

/**
 * A checkout that never got as far as its row (its saved address unread, its pincode refused) frees its units at once;
 * checkouts.ts's markFailed and markExpired do the same for a checkout that ends without an order, and returns
 * for an exchange cancelled (its return's id holds its units).
 */
export async function releaseHolds(db: Queryable, checkoutId: string): Promise<void> {
  await db.query("update bff.stock_holds set released_at = now() where checkout_id = $1 and released_at is null", [checkoutId])
}

/**
 * The units a holder still holds were reserved in Medusa (an exchange's new size, held under its return's id): they
 * count on as a placed checkout's do, until the catalogue reads the product again. At the statement's own time.
 */
export async function markHoldsPlaced(client: Queryable, holderId: string): Promise<void> {
  await client.query("update bff.stock_holds set placed_at = clock_timestamp() where checkout_id = $1 and released_at is null and placed_at is null", [
    holderId,
  ])
}

/**
 * Whether the checkout still holds units (not released, not placed, not expiring within `forMs`): a cancel with none
 * has nothing to do, and an acceptance with none holds them again.
 */
export async function holdsUnits(db: Queryable, checkoutId: string, forMs = 0): Promise<boolean> {
  const { rowCount } = await db.query(
    `select 1 from bff.stock_holds
      where checkout_id = $1 and released_at is null and placed_at is null and expires_at > now() + $2 * interval '1 millisecond' limit 1`,
    [checkoutId, forMs],
  )
  return (rowCount ?? 0) > 0
}

/**
 * Frees units held longer than `olderThanMs` by a checkout whose row was never written (the database went away
 * between holding and recording it): nothing will place or release them, and until they expire the shopper
 * would read that an order is already being placed. Answers how many holds were freed.
 */
export async function releaseOrphanHolds(db: Queryable, olderThanMs: number): Promise<number> {
  const { rowCount } = await db.query(
    `update bff.stock_holds h set released_at = now()
      where released_at is null and placed_at is null and held_at < now() - $1 * interval '1 millisecond'
        and not exists (select 1 from bff.checkouts c where c.id = h.checkout_id)`,
    [olderThanMs],
  )
  return rowCount ?? 0
}
