import { transaction, type Db } from "../../lib/db.js"
import { StockShortfall, type Shortfall } from "./commerce-checkout.js"

type Queryable = Pick<Db, "query">

export type HeldLine = { productId: string; variantId: string; quantity: number }

/** The open holds that still take units from the read model's stock (migration 015 says when). */
const COUNTED_HOLDS = `
  select h.variant_id, sum(h.quantity)::int as held from bff.stock_holds h
    join bff.catalog_products c on c.id = h.product_id
   where h.variant_id = any($1) and h.released_at is null
     and ((h.placed_at is null and h.expires_at > now()) or (h.placed_at is not null and h.placed_at >= c.synced_at))
   group by h.variant_id`

/** The shopper already has a cash-on-delivery checkout being placed (a double click, another tab). */
export class CheckoutInFlight extends Error {
  constructor() {
    super("A cash-on-delivery checkout of this shopper is being placed")
  }
}

/**
 * Holds a checkout's units, or throws StockShortfall naming the lines that can't have them, before Medusa
 * is asked for anything. One transaction with the shopper's lock and then each variant's taken in order,
 * so racing checkouts take units one after another and never more than the read model's stock less the
 * open holds. While the shopper's cash-on-delivery checkout is in flight, another throws CheckoutInFlight;
 * their own earlier online payment windows (abandoned to start again) are released first.
 */
export async function holdStock(
  db: Db,
  hold: { checkoutId: string; userId: string; mode: "prepaid" | "cod"; lines: HeldLine[]; expiresAt: Date },
): Promise<void> {
  const variantIds = [...new Set(hold.lines.map((line) => line.variantId))].sort()
  await transaction(db, async (client) => {
    await client.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`holds:${hold.userId}`])
    for (const variantId of variantIds) await client.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`stock:${variantId}`])
    const { rows: earlier } = await client.query<{ mode: "prepaid" | "cod" }>(
      "select mode from bff.stock_holds where user_id = $1 and released_at is null and placed_at is null and expires_at > now()",
      [hold.userId],
    )
    if (earlier.some((row) => row.mode === "cod")) throw new CheckoutInFlight()
    await client.query("update bff.stock_holds set released_at = now() where user_id = $1 and released_at is null and placed_at is null", [hold.userId])
    const { rows: stock } = await client.query<{ variant_id: string; stock: number }>(
      `select v->>'id' as variant_id, (v->>'stockOnHand')::int as stock
         from bff.catalog_documents d, json_array_elements(d.document->'variants') v
        where d.id = any($1) and v->>'id' = any($2)`,
      [[...new Set(hold.lines.map((line) => line.productId))], variantIds],
    )
    const { rows: held } = await client.query<{ variant_id: string; held: number }>(COUNTED_HOLDS, [variantIds])
    const shortfalls: Shortfall[] = []
    for (const variantId of variantIds) {
      const requested = hold.lines.filter((line) => line.variantId === variantId).reduce((sum, line) => sum + line.quantity, 0)
      const available = Math.max(0, (stock.find((row) => row.variant_id === variantId)?.stock ?? 0) - (held.find((row) => row.variant_id === variantId)?.held ?? 0))
      if (available < requested) shortfalls.push({ variant_id: variantId, requested, available })
    }
    if (shortfalls.length) throw new StockShortfall(shortfalls)
    for (const line of hold.lines) {
      await client.query(
        `insert into bff.stock_holds (checkout_id, user_id, product_id, variant_id, quantity, expires_at, mode) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (checkout_id, variant_id) do update set quantity = bff.stock_holds.quantity + excluded.quantity`,
        [hold.checkoutId, hold.userId, line.productId, line.variantId, line.quantity, hold.expiresAt, hold.mode],
      )
    }
  })
}

/**
 * A checkout that never got as far as its row (its cart not made, prices changed) frees its units at once;
 * checkouts.ts's markFailed and markExpired do the same for a checkout that ends without an order.
 */
export async function releaseHolds(db: Queryable, checkoutId: string): Promise<void> {
  await db.query("update bff.stock_holds set released_at = now() where checkout_id = $1 and released_at is null", [checkoutId])
}
