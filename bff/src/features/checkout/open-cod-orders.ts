import type { PoolClient } from "pg"
import { HttpError } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { withAdvisoryLock } from "../../lib/locks.js"

/** Cash on delivery is paid only at the door: a shopper has at most this many such orders on the way at once. */
export const OPEN_COD_ORDERS_LIMIT = 3

export const TOO_MANY_COD_ORDERS = `You have ${OPEN_COD_ORDERS_LIMIT} cash-on-delivery orders on the way. Pay online, or wait until one is delivered.`

/**
 * The shopper's cash-on-delivery orders not yet delivered or cancelled, plus their cash-on-delivery checkout
 * being placed (its units held, no order yet). Placement turns the one into the other in one transaction
 * (the order recorded, the hold marked placed), so one statement never misses a placement nor counts it twice.
 */
async function openCodOrders(client: PoolClient, userId: string): Promise<number> {
  const { rows } = await client.query<{ open: number }>(
    `select (select count(*) from bff.orders
              where user_id = $1 and payment_method = 'cod' and status not in ('DELIVERED', 'CANCELLED', 'RETURNED'))
          + (select count(distinct checkout_id) from bff.stock_holds
              where user_id = $1 and mode = 'cod' and released_at is null and placed_at is null and expires_at > now())
            as open`,
    [userId],
  )
  return Number(rows[0]!.open)
}

/**
 * Runs `hold` (which takes a cash-on-delivery checkout's units) only while the shopper has fewer than
 * OPEN_COD_ORDERS_LIMIT open; otherwise a 409 with the reason. The count and the hold happen under the
 * shopper's lock, so two checkouts at once can't both count the same free place.
 */
export async function withinOpenCodOrders(db: Db, userId: string, hold: (client: PoolClient) => Promise<void>): Promise<void> {
  await withAdvisoryLock(db, `cod-orders:${userId}`, async (client) => {
    if ((await openCodOrders(client, userId)) >= OPEN_COD_ORDERS_LIMIT) {
      throw new HttpError(409, "cod_orders_open", TOO_MANY_COD_ORDERS, {}, { limit: OPEN_COD_ORDERS_LIMIT })
    }
    await hold(client)
  })
}
