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
