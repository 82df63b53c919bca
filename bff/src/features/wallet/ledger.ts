import type { LedgerEntry } from "@fitshop/contracts"
import type { Db } from "../../lib/db.js"

/** A pool or a transaction's client, so a checkout can read the balance inside its own transaction. */
type Queryable = Pick<Db, "query">

/**
 * SQL: a ledger entry that counts toward a balance. A referral earning is pending (its `matures_at` still to
 * come: 'infinity' until its order is delivered, then delivery plus the return window; or held by a return asked
 * for its line) or dropped (its order was cancelled or returned first); other entries count at once.
 */
export const COUNTED_ENTRY = "dropped_at is null and held_by_return is null and (matures_at is null or matures_at <= now())"

/** SQL: a referral earning nobody can spend yet but that may still count: before its maturity, or held by an open return. */
const PENDING_EARNING = "dropped_at is null and (held_by_return is not null or matures_at > now())"

/**
 * The shopper's Dark Coins as SQL: the sum of their counted ledger entries, 0 when they have none. For a read
 * that needs the balance beside other rows in one round trip (the bag); `userParam` names the user id's parameter.
 */
export const balanceSql = (userParam: string) =>
  `(select coalesce(sum(coins), 0)::bigint from bff.dark_coin_entries where user_id = ${userParam} and ${COUNTED_ENTRY})`

/** The shopper's spendable Dark Coins: the sum of their counted ledger entries (COUNTED_ENTRY), 0 when they have none. */
export async function darkCoinsBalance(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ balance: string }>(`select ${balanceSql("$1")} as balance`, [userId])
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

/** Holds the shopper's wallet row until the caller's transaction ends: every change to a balance takes it first. */
async function lockWallet(client: Queryable, userId: string): Promise<void> {
  await client.query("insert into bff.wallets (user_id) values ($1) on conflict (user_id) do nothing", [userId])
  await client.query("select user_id from bff.wallets where user_id = $1 for update", [userId])
}

/**
 * Locks every wallet an order's cancellation will change (its buyer's, and its referral authors'), in one order
 * (by user id), so two cancellations touching the same two wallets (two shoppers who bought through each other's
 * posts) can't deadlock; the locks the steps take after it are already held.
 */
export async function lockWalletsOfOrder(client: Queryable, checkoutId: string, orderId: string): Promise<void> {
  const { rows } = await client.query<{ user_id: string }>(
    "select distinct user_id from bff.dark_coin_entries where checkout_id = $1 or (order_id = $2 and kind = 'earn') order by user_id",
    [checkoutId, orderId],
  )
  for (const row of rows) await lockWallet(client, row.user_id)
}

/**
 * Spends a checkout's coins inside the caller's transaction with the shopper's wallet row locked, so
 * two checkouts can never spend the same coins. Spending again for the same checkout changes nothing.
 */
export async function spendCoins(client: Queryable, userId: string, checkoutId: string, coins: number): Promise<void> {
  await lockWallet(client, userId)
  const { rows } = await client.query("select 1 from bff.dark_coin_entries where checkout_id = $1 and kind = 'spend'", [checkoutId])
  if (rows.length) return
  const balance = await darkCoinsBalance(client, userId)
  if (balance < coins) throw new CoinsAlreadySpent(coins, balance)
  await client.query("insert into bff.dark_coin_entries (user_id, coins, kind, note, checkout_id) values ($1, $2, 'spend', 'Dark Coins discount', $3)", [
    userId,
    -coins,
    checkoutId,
  ])
  await client.query("update bff.wallets set updated_at = now() where user_id = $1", [userId])
}

/** Ties a checkout's ledger entries to the order it became, in the transaction that records the order. */
export async function assignCheckoutEntriesToOrder(client: Queryable, checkoutId: string, orderId: string): Promise<void> {
  await client.query("update bff.dark_coin_entries set order_id = $2 where checkout_id = $1", [checkoutId, orderId])
}

/** Coins the account still owes: referral coins it spent before their order was cancelled, not yet settled. */
async function coinsOwed(client: Queryable, userId: string): Promise<number> {
  const { rows } = await client.query<{ owed: number }>(
    "select coalesce(sum(shortfall - shortfall_settled), 0)::int as owed from bff.dark_coin_entries where user_id = $1",
    [userId],
  )
  return Math.max(0, rows[0]?.owed ?? 0)
}

/**
 * Gives back what a checkout spent (its order was cancelled), less `alreadyBack` (what its returns gave back);
 * once per checkout, whatever runs twice. Coins the account still owes (a shortfall: referral coins spent before their order was cancelled) are kept from
 * what comes back, so cancelling one's own order never returns coins minted by another's.
 */
export async function returnSpentCoins(client: Queryable, checkoutId: string, alreadyBack = 0): Promise<number> {
  const { rows: spends } = await client.query<{ user_id: string; coins: number; order_id: string | null }>(
    "select user_id, coins, order_id from bff.dark_coin_entries where checkout_id = $1 and kind = 'spend'",
    [checkoutId],
  )
  const spend = spends[0]
  if (!spend) return 0
  const spent = -spend.coins - alreadyBack
  if (spent <= 0) return 0
  await lockWallet(client, spend.user_id)
  const settled = Math.min(spent, await coinsOwed(client, spend.user_id))
  const note = settled
    ? `Order cancelled: Dark Coins returned (${settled} kept for referral coins spent before their order was cancelled)`
    : "Order cancelled: Dark Coins returned"
  const { rows } = await client.query<{ coins: number }>(
    `insert into bff.dark_coin_entries (user_id, coins, kind, note, checkout_id, order_id, shortfall_settled)
     values ($1, $2, 'reversal', $3, $4, $5, $6)
     on conflict (checkout_id, kind) where checkout_id is not null do nothing
     returning coins`,
    [spend.user_id, spent - settled, note, checkoutId, spend.order_id, settled],
  )
  return rows[0]?.coins ?? 0
}

/**
 * A received return's coins, each once per return: the coins spent on its units back (a reversal) and a cash-on-delivery
 * line's value as coins (a refund). Coins the account still owes are kept from the reversal first, as a cancellation's are.
 */
export async function creditReturnCoins(
  client: Queryable,
  credit: { userId: string; orderId: string; returnId: string; spentCoins: number; valueCoins: number; what: string },
): Promise<number> {
  await lockWallet(client, credit.userId)
  let credited = 0
  const settled = Math.min(credit.spentCoins, await coinsOwed(client, credit.userId))
  const entries = [
    { kind: "reversal", coins: credit.spentCoins - settled, settled, note: `Return: Dark Coins spent on ${credit.what} returned` },
    { kind: "refund", coins: credit.valueCoins, settled: 0, note: `Return: ${credit.what} refunded as Dark Coins` },
  ]
  for (const entry of entries) {
    if (entry.coins <= 0 && entry.settled <= 0) continue
    const { rows } = await client.query<{ coins: number }>(
      `insert into bff.dark_coin_entries (user_id, coins, kind, note, order_id, return_id, shortfall_settled)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (return_id, kind) where return_id is not null do nothing
       returning coins`,
      [credit.userId, entry.coins, entry.kind, entry.note, credit.orderId, credit.returnId, entry.settled],
    )
    credited += rows[0]?.coins ?? 0
  }
  await client.query("update bff.wallets set updated_at = now() where user_id = $1", [credit.userId])
  return credited
}

/**
 * One order line's referral earnings for a post's author; written once per order line, whatever runs twice.
 * Pending until `maturesAt` (the order's delivery plus the return window; unknown before delivery).
 */
export async function earnReferralCoins(
  client: Queryable,
  entry: { userId: string; coins: number; orderId: string; lineKey: string; postId: string; note: string; maturesAt: Date | null },
): Promise<boolean> {
  const { rowCount } = await client.query(
    `insert into bff.dark_coin_entries (user_id, coins, kind, note, order_id, line_key, post_id, matures_at)
     values ($1, $2, 'earn', $3, $4, $5, $6, coalesce($7::timestamptz, 'infinity'))
     on conflict (order_id, line_key, kind) where line_key is not null do nothing`,
    [entry.userId, entry.coins, entry.note, entry.orderId, entry.lineKey, entry.postId, entry.maturesAt],
  )
  return (rowCount ?? 0) > 0
}

/** The order was delivered: its pending earnings become spendable at `maturesAt` (delivery plus the return window). */
export async function matureReferralCoins(client: Queryable, orderId: string, maturesAt: Date): Promise<void> {
  await client.query(
    "update bff.dark_coin_entries set matures_at = $2 where order_id = $1 and kind = 'earn' and matures_at = 'infinity' and dropped_at is null",
    [orderId, maturesAt],
  )
}

/**
 * Undoes an order's referral earnings (the order was cancelled; or only `lineKeys`' lines, returned), each once. Pending ones are dropped: nobody
 * could spend them. One already spendable (an order cancelled after its return window) is taken back, never
 * below zero: what the author already spent is recorded as the reversal's shortfall, which coins coming back
 * to them later settle first (returnSpentCoins).
 */
export async function reverseReferralCoins(
  client: Queryable,
  orderId: string,
  lineKeys: string[] | null = null,
): Promise<{ dropped: number; taken: number; shortfall: number }> {
  const { rows: drops } = await client.query<{ coins: number }>(
    `update bff.dark_coin_entries set dropped_at = now()
      where order_id = $1 and kind = 'earn' and ${PENDING_EARNING} and ($2::text[] is null or line_key = any($2))
      returning coins`,
    [orderId, lineKeys],
  )
  const dropped = drops.reduce((sum, row) => sum + row.coins, 0)
  const { rows: earns } = await client.query<{ user_id: string; coins: number; line_key: string; post_id: string | null }>(
    `select e.user_id, e.coins, e.line_key, e.post_id from bff.dark_coin_entries e
      where e.order_id = $1 and e.kind = 'earn' and e.line_key is not null and e.dropped_at is null and ($2::text[] is null or e.line_key = any($2))
        and not exists (select 1 from bff.dark_coin_entries r where r.order_id = e.order_id and r.line_key = e.line_key and r.kind = 'reversal')
      order by e.user_id, e.id`,
    [orderId, lineKeys],
  )
  let taken = 0
  let shortfall = 0
  for (const earn of earns) {
    await lockWallet(client, earn.user_id)
    const take = Math.min(earn.coins, Math.max(0, await darkCoinsBalance(client, earn.user_id)))
    const missing = earn.coins - take
    const note = missing ? `Order cancelled: referral coins taken back (${missing} already spent could not be)` : "Order cancelled: referral coins taken back"
    const { rowCount } = await client.query(
      `insert into bff.dark_coin_entries (user_id, coins, kind, note, order_id, line_key, post_id, shortfall)
       values ($1, $2, 'reversal', $3, $4, $5, $6, $7)
       on conflict (order_id, line_key, kind) where line_key is not null do nothing`,
      [earn.user_id, -take, note, orderId, earn.line_key, earn.post_id, missing],
    )
    if (rowCount) {
      taken += take
      shortfall += missing
    }
  }
  return { dropped, taken, shortfall }
}

/**
 * A return asks back these lines (`lineKeys`, the lines' variant ids as earnings name them): their referral earnings
 * still pending are held until the return ends, whatever their maturity says. An earning already held by another
 * open return of the line stays held by that one.
 */
export async function holdEarningsForReturn(client: Queryable, orderId: string, lineKeys: string[], returnId: string): Promise<void> {
  await client.query(
    `update bff.dark_coin_entries set held_by_return = coalesce(held_by_return, $3)
      where order_id = $1 and kind = 'earn' and line_key = any($2) and ${PENDING_EARNING}`,
    [orderId, lineKeys, returnId],
  )
}

/** The return ended without its units coming back (its pickup cancelled): the earnings it held go on maturing as before. */
export async function releaseEarningsOfReturn(client: Queryable, returnId: string): Promise<void> {
  await client.query("update bff.dark_coin_entries set held_by_return = null where held_by_return = $1", [returnId])
}

/** Posts that left the feed earn nothing: their earnings still pending are dropped. */
export async function dropPendingEarningsThrough(client: Queryable, postIds: string[]): Promise<void> {
  if (!postIds.length) return
  await client.query(`update bff.dark_coin_entries set dropped_at = now() where post_id = any($1::text[]) and kind = 'earn' and ${PENDING_EARNING}`, [postIds])
}

/**
 * A deleted account's Dark Coins: its referral earnings still pending are dropped and what it could still spend is voided
 * by one 'adjustment' entry that brings the balance to 0, so the ledger still adds up for the books. Answers both.
 */
export async function closeWallet(client: Queryable, userId: string): Promise<{ dropped: number; voided: number }> {
  await lockWallet(client, userId)
  const { rows: drops } = await client.query<{ coins: number }>(
    `update bff.dark_coin_entries set dropped_at = now() where user_id = $1 and kind = 'earn' and ${PENDING_EARNING} returning coins`,
    [userId],
  )
  const balance = await darkCoinsBalance(client, userId)
  if (balance !== 0) {
    await client.query("insert into bff.dark_coin_entries (user_id, coins, kind, note) values ($1, $2, 'adjustment', 'Account deleted: balance void')", [
      userId,
      -balance,
    ])
  }
  await client.query("update bff.wallets set updated_at = now() where user_id = $1", [userId])
  return { dropped: drops.reduce((sum, row) => sum + row.coins, 0), voided: balance }
}

/** The shopper's referral earnings still pending (not spendable until their orders' return windows end). */
export async function pendingCoins(client: Queryable, userId: string): Promise<number> {
  const { rows } = await client.query<{ pending: string }>(
    `select coalesce(sum(coins), 0)::bigint as pending from bff.dark_coin_entries where user_id = $1 and ${PENDING_EARNING}`,
    [userId],
  )
  return Number(rows[0]?.pending ?? 0)
}

/** The shopper's ledger, newest first, `limit` entries before the entry id `before` (keyset). */
export async function ledgerEntries(client: Queryable, userId: string, limit: number, before?: string): Promise<LedgerEntry[]> {
  const { rows } = await client.query<{
    id: string
    coins: number
    kind: LedgerEntry["kind"]
    note: string | null
    order_id: string | null
    post_id: string | null
    shortfall: number
    matures_at: Date | null
    dropped: boolean
    pending: boolean
    created_at: Date
  }>(
    `select id::text, coins, kind, note, order_id, post_id, shortfall, created_at, dropped_at is not null as dropped,
            (${PENDING_EARNING}) as pending, case when matures_at <> 'infinity' and held_by_return is null then matures_at end as matures_at
       from bff.dark_coin_entries
      where user_id = $1 and ($3::bigint is null or id < $3::bigint) order by id desc limit $2`,
    [userId, limit, before ?? null],
  )
  return rows.map((row) => ({
    id: row.id,
    coins: row.coins,
    kind: row.kind,
    reason: row.note ?? row.kind,
    orderId: row.order_id,
    postId: row.post_id,
    shortfall: row.shortfall,
    state: row.dropped ? "dropped" : row.pending ? "pending" : "available",
    availableAt: row.pending && row.matures_at ? row.matures_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  }))
}
