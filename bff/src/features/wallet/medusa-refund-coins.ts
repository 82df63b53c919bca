import type { Db } from "../../lib/db.js"

type Queryable = Pick<Db, "query">

/**
 * Credits the Dark Coins that pay a refund ops made in Medusa's dashboard on a cash-on-delivery order, once per
 * refund (bff.medusa_refunds), with the shopper's wallet row locked as every balance change takes it; answers the coins credited (0 when already).
 */
export async function creditMedusaRefundCoins(
  client: Queryable,
  credit: { userId: string; orderId: string; refundId: string; coins: number; note: string },
): Promise<number> {
  if (credit.coins <= 0) return 0
  await client.query("insert into bff.wallets (user_id) values ($1) on conflict (user_id) do nothing", [credit.userId])
  await client.query("select user_id from bff.wallets where user_id = $1 for update", [credit.userId])
  const { rows } = await client.query<{ coins: number }>(
    `insert into bff.dark_coin_entries (user_id, coins, kind, note, order_id, medusa_refund_id) values ($1, $2, 'refund', $3, $4, $5)
     on conflict (medusa_refund_id) where medusa_refund_id is not null do nothing
     returning coins`,
    [credit.userId, credit.coins, credit.note, credit.orderId, credit.refundId],
  )
  await client.query("update bff.wallets set updated_at = now() where user_id = $1", [credit.userId])
  return rows[0]?.coins ?? 0
}
