import type { Db } from "../../lib/db.js"

type Client = Pick<Db, "query">

/** A bag line still without a size, held by the BFF (ARCHITECTURE: bag lines without a size). */
export type SizelessLine = { id: string; productId: string; quantity: number; refPostId: string | null; createdAt: string }

export const MAX_LINE_QUANTITY = 10

type Row = { id: string; product_id: string; quantity: number; ref_post_id: string | null; created_at: Date }

const toLine = (row: Row): SizelessLine => ({
  id: row.id,
  productId: row.product_id,
  quantity: row.quantity,
  refPostId: row.ref_post_id,
  createdAt: row.created_at.toISOString(),
})

export async function sizelessLines(client: Client, userId: string): Promise<SizelessLine[]> {
  const { rows } = await client.query<Row>(
    "select id, product_id, quantity, ref_post_id, created_at from bff.sizeless_bag_lines where user_id = $1 order by created_at, id",
    [userId],
  )
  return rows.map(toLine)
}

export async function sizelessLine(client: Client, userId: string, id: string): Promise<SizelessLine | undefined> {
  const { rows } = await client.query<Row>(
    "select id, product_id, quantity, ref_post_id, created_at from bff.sizeless_bag_lines where user_id = $1 and id = $2",
    [userId, id],
  )
  return rows[0] && toLine(rows[0])
}

/** Adds to the product's sizeless line (or starts one); false when the line would pass the maximum. */
export async function addSizeless(client: Client, userId: string, line: { productId: string; quantity: number; refPostId: string | null }): Promise<boolean> {
  const { rowCount } = await client.query(
    `insert into bff.sizeless_bag_lines (user_id, product_id, quantity, ref_post_id) values ($1, $2, $3, $4)
     on conflict (user_id, product_id) do update
       set quantity = bff.sizeless_bag_lines.quantity + excluded.quantity,
           ref_post_id = coalesce(excluded.ref_post_id, bff.sizeless_bag_lines.ref_post_id)
     where bff.sizeless_bag_lines.quantity + excluded.quantity <= $5`,
    [userId, line.productId, line.quantity, line.refPostId, MAX_LINE_QUANTITY],
  )
  return rowCount === 1
}

export async function setSizelessQuantity(client: Client, userId: string, id: string, quantity: number): Promise<boolean> {
  const { rowCount } = await client.query("update bff.sizeless_bag_lines set quantity = $3 where user_id = $1 and id = $2", [userId, id, quantity])
  return rowCount === 1
}

export async function removeSizeless(client: Client, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await client.query("delete from bff.sizeless_bag_lines where user_id = $1 and id = $2", [userId, id])
  return rowCount === 1
}
