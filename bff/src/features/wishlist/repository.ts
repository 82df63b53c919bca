import type { Db } from "../../lib/db.js"
import type { Product, WishlistItem } from "@fitshop/contracts"

type Row = { id: string; product_id: string; created_at: Date; document: Product }

const toItem = (row: Row): WishlistItem => ({ id: row.id, productId: row.product_id, product: row.document, createdAt: row.created_at.toISOString() })

/** Wardrobe entries with their products' documents; products no longer sold drop out of the join. */
const ENTRIES = `select w.id, w.product_id, w.created_at, p.document
                   from bff.wishlist_items w join bff.catalog_documents p on p.id = w.product_id`

/** The wardrobe: products a shopper saved, one entry each; products no longer sold are left out. */
export function wishlistRepository(db: Db) {
  async function list(userId: string): Promise<WishlistItem[]> {
    const { rows } = await db.query<Row>(`${ENTRIES} where w.user_id = $1 order by w.created_at desc, w.id`, [userId])
    return rows.map(toItem)
  }

  /** Saves a product the shop sells; `created` is false when it was saved already. Undefined for an unknown product. */
  async function add(userId: string, productId: string): Promise<{ item: WishlistItem; created: boolean } | undefined> {
    const { rowCount } = await db.query(
      `insert into bff.wishlist_items (user_id, product_id) select $1, id from bff.catalog_products where id = $2
       on conflict (user_id, product_id) do nothing`,
      [userId, productId],
    )
    // Read after the insert, so an entry a concurrent add just committed is found too.
    const { rows } = await db.query<Row>(`${ENTRIES} where w.user_id = $1 and w.product_id = $2`, [userId, productId])
    return rows[0] && { item: toItem(rows[0]), created: rowCount === 1 }
  }

  /** Removes by the entry's id or by the product's id; false when the shopper has no such entry. */
  async function remove(userId: string, idOrProductId: string): Promise<boolean> {
    const column = idOrProductId.startsWith("prod_") ? "product_id" : "id"
    const { rowCount } = await db.query(`delete from bff.wishlist_items where user_id = $1 and ${column} = $2`, [userId, idOrProductId])
    return (rowCount ?? 0) > 0
  }

  return { list, add, remove }
}

export type WishlistRepository = ReturnType<typeof wishlistRepository>
