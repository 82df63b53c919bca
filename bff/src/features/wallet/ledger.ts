import type { Db } from "../../lib/db.js"

/** A pool or a transaction's client, so a checkout can read the balance inside its own transaction. */
type Queryable = Pick<Db, "query">

/** The shopper's Dark Coins: the sum of their ledger entries, 0 when they have none. */
export async function darkCoinsBalance(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ balance: string }>(
    "select coalesce(sum(coins), 0)::bigint as balance from bff.dark_coin_entries where user_id = $1",
    [userId],
  )
  return Number(rows[0]?.balance ?? 0)
}

/** Not enough Dark Coins left for a checkout: another checkout spent them first. */
export class CoinsAlreadySpent extends Error {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(`This order needs ${needed} Dark Coins but only ${balance} are left; they were spent on another order.`)
  }
}

/**
 * Spends a checkout's coins inside the caller's transaction with the shopper's wallet row locked, so
 * two checkouts can never spend the same coins. Spending again for the same checkout changes nothing.
 */
export async function spendCoins(client: Queryable, userId: string, checkoutId: string, coins: number): Promise<void> {
  await client.query("insert into bff.wallets (user_id) values ($1) on conflict (user_id) do nothing", [userId])
  await client.query("select user_id from bff.wallets where user_id = $1 for update", [userId])
  const { rows } = await client.query("select 1 from bff.dark_coin_entries where checkout_id = $1 and kind = 'spend'", [checkoutId])
  if (rows.length) return
  const balance = await darkCoinsBalance(client, userId)
  if (balance < coins) throw new CoinsAlreadySpent(coins, balance)
  await client.query(
    "insert into bff.dark_coin_entries (user_id, coins, kind, note, checkout_id) values ($1, $2, 'spend', 'Dark Coins discount', $3)",
    [userId, -coins, checkoutId],
  )
  await client.query("update bff.wallets set updated_at = now() where user_id = $1", [userId])
}

/** Gives back what a checkout spent (its order was cancelled); once per checkout, whatever runs twice. */
export async function returnSpentCoins(client: Queryable, checkoutId: string): Promise<number> {
  const { rows } = await client.query<{ coins: number }>(
    `insert into bff.dark_coin_entries (user_id, coins, kind, note, checkout_id, order_id)
     select user_id, -coins, 'reversal', 'Order cancelled: Dark Coins returned', checkout_id, order_id
       from bff.dark_coin_entries where checkout_id = $1 and kind = 'spend'
     on conflict (checkout_id, kind) where checkout_id is not null do nothing
     returning coins`,
    [checkoutId],
  )
  return rows[0]?.coins ?? 0
}
