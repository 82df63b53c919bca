import { prepared, type Db } from "../../lib/db.js"
import { MAX_LINE_QUANTITY, type Product } from "@fitshop/contracts"
import { balanceSql } from "../wallet/index.js"

type Client = Pick<Db, "query">

/** A bag line as the BFF keeps it (docs/architecture.md: the bag is the shopper's); variantId null until a size is chosen. */
export type BagLine = { id: string; productId: string; variantId: string | null; quantity: number; refPostId: string | null; createdAt: string }

export { MAX_LINE_QUANTITY }

type Row = { id: string; product_id: string; variant_id: string | null; quantity: number; ref_post_id: string | null; created_at: Date }

const COLUMNS = "id, product_id, variant_id, quantity, ref_post_id, created_at"

const toLine = (row: Row): BagLine => ({
  id: row.id,
  productId: row.product_id,
  variantId: row.variant_id,
  quantity: row.quantity,
  refPostId: row.ref_post_id,
  createdAt: row.created_at.toISOString(),
})

type BagRow = (Row | { [key in keyof Row]: null }) & { document: Product | null; balance: string }

/** The bag's rows (one row of nulls for an empty bag, which still carries the balance) as lines and balance. */
function linesAndBalance(rows: BagRow[]): { lines: (BagLine & { product: Product | null })[]; balance: number } {
  const lines = rows.flatMap((row) => (row.id === null ? [] : [{ ...toLine(row), product: row.document }]))
  return { lines, balance: Number(rows[0]?.balance ?? 0) }
}

/** Each of the shopper's `lines` with the catalogue's document of its product, and their Dark Coins balance (after any `extra` columns). */
const bagSelect = (lines: string, extra = "") =>
  `select ${extra} l.id, l.product_id, l.variant_id, l.quantity, l.ref_post_id, l.created_at, d.document, ${balanceSql("$1")} as balance
     from (select $1::uuid as user_id) shopper
     left join ${lines} l on l.user_id = shopper.user_id
     left join bff.catalog_documents d on d.id = l.product_id
    order by l.created_at, l.id`

/**
 * The shopper's lines with the catalogue's document of each product (null for a product the shop no
 * longer sells) and their Dark Coins balance, in one round trip: the bag is read on every change.
 */
export async function bagLinesWithProducts(client: Client, userId: string): Promise<{ lines: (BagLine & { product: Product | null })[]; balance: number }> {
  const { rows } = await client.query<BagRow>(bagSelect("bff.bag_lines"), [userId])
  return linesAndBalance(rows)
}

export async function bagLine(client: Client, userId: string, id: string): Promise<BagLine | undefined> {
  const { rows } = await client.query<Row>(`select ${COLUMNS} from bff.bag_lines where user_id = $1 and id = $2`, [userId, id])
  return rows[0] && toLine(rows[0])
}

/** The shopper's line of one size of a product, or of the product without a size (variantId null). */
export async function lineOf(client: Client, userId: string, productId: string, variantId: string | null): Promise<BagLine | undefined> {
  const { rows } = await client.query<Row>(
    `select ${COLUMNS} from bff.bag_lines
      where user_id = $1 and product_id = $2 and variant_id is not distinct from $3`,
    [userId, productId, variantId],
  )
  return rows[0] && toLine(rows[0])
}

/** How many units of a product the shopper's bag holds, over all its sizes (a drop's limit counts them). */
export async function unitsOfProduct(client: Client, userId: string, productId: string): Promise<number> {
  const { rows } = await client.query<{ units: number }>(
    "select coalesce(sum(quantity), 0)::int as units from bff.bag_lines where user_id = $1 and product_id = $2",
    [userId, productId],
  )
  return rows[0]!.units
}

/**
 * Bag changes commit without waiting for the WAL flush (this transaction only): a drop's burst of adds
 * doesn't queue on the disk, and a database crash can forget at most the last moment's bag changes, never
 * money, stock or orders, which always wait for it.
 */
const UNFLUSHED = "with unflushed as (select set_config('synchronous_commit', 'off', true))"

/**
 * The tail of an insert into the bag: when the shopper already has a line of that size (or of the product
 * without one), the quantity is added to it, as long as the line stays within `limit` (an SQL expression);
 * otherwise nothing changes. A newer referral replaces the line's.
 */
const addToExistingLine = (kind: "sized" | "sizeless", limit: string) =>
  `on conflict ${kind === "sized" ? "(user_id, variant_id) where variant_id is not null" : "(user_id, product_id) where variant_id is null"} do update
     set quantity = bff.bag_lines.quantity + excluded.quantity,
         ref_post_id = coalesce(excluded.ref_post_id, bff.bag_lines.ref_post_id)
   where bff.bag_lines.quantity + excluded.quantity <= ${limit}`

/**
 * Adds to the shopper's line of that product and size (or starts one), in one statement, so two tabs
 * adding at once both count. False when the line would pass `limit` (the most one line may hold, or
 * the size's stock), leaving the line as it was.
 */
export async function addToLine(
  client: Client,
  userId: string,
  line: { productId: string; variantId: string | null; quantity: number; refPostId: string | null },
  limit: number,
): Promise<boolean> {
  if (line.quantity > limit) return false
  const { rowCount } = await client.query(
    `${UNFLUSHED}
     insert into bff.bag_lines (user_id, product_id, variant_id, quantity, ref_post_id)
     select $1::uuid, $2::text, $3::text, $4::int, $5::text from unflushed
     ${addToExistingLine(line.variantId === null ? "sizeless" : "sized", "$6")}`,
    [userId, line.productId, line.variantId, line.quantity, line.refPostId, limit],
  )
  return rowCount === 1
}

export async function setLineQuantity(client: Client, userId: string, id: string, quantity: number): Promise<boolean> {
  const { rowCount } = await client.query(`${UNFLUSHED} update bff.bag_lines set quantity = $3 from unflushed where user_id = $1 and id = $2`, [
    userId,
    id,
    quantity,
  ])
  return rowCount === 1
}

export async function removeLine(client: Client, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await client.query(`${UNFLUSHED} delete from bff.bag_lines using unflushed where user_id = $1 and id = $2`, [userId, id])
  return rowCount === 1
}

/**
 * After an order: the bought quantities leave the shopper's sized lines (lines added since stay), in one statement.
 * Answers how many of the bought units the bag held.
 */
export async function removeBought(client: Client, userId: string, bought: { variantId: string; quantity: number }[]): Promise<number> {
  if (!bought.length) return 0
  const { rows } = await client.query<{ units: number }>(
    `with bought as (
       select variant_id, sum(quantity)::int as quantity from unnest($2::text[], $3::int[]) as b (variant_id, quantity) group by variant_id
     ), emptied as (
       delete from bff.bag_lines l using bought b
        where l.user_id = $1 and l.variant_id = b.variant_id and l.quantity <= b.quantity
       returning l.quantity
     ), lessened as (
       update bff.bag_lines l set quantity = l.quantity - b.quantity from bought b
        where l.user_id = $1 and l.variant_id = b.variant_id and l.quantity > b.quantity
       returning b.quantity
     )
     select (coalesce((select sum(quantity) from emptied), 0) + coalesce((select sum(quantity) from lessened), 0))::int as units`,
    [userId, bought.map((line) => line.variantId), bought.map((line) => line.quantity)],
  )
  return rows[0]!.units
}

/**
 * The usual add in one round trip: adds `quantity` of a product's size to the shopper's
 * line of it (or starts one), within the most a line may hold and the size's stock in the catalogue,
 * and reads the bag as it is afterwards. `added` is false, with nothing changed, when the product or
 * size is unknown, the product is a drop (its limit per shopper is counted by the caller), or the line would pass its limit
 * (addToLine's rule); the caller then works out why.
 */
export async function addSizedAndRead(
  client: Client,
  userId: string,
  line: { productId: string; size: string; quantity: number; refPostId: string | null },
): Promise<{ added: boolean; lines: (BagLine & { product: Product | null })[]; balance: number }> {
  // The statement's other parts don't see the upsert's row (one snapshot), so the bag is the row it
  // returned plus the shopper's other lines.
  const { rows } = await client.query<BagRow & { added: boolean }>(
    prepared(
      `${UNFLUSHED},
       size as (
         select v->>'id' as variant_id, least(${MAX_LINE_QUANTITY}, (v->>'stockOnHand')::int) as most
           from bff.catalog_documents d cross join json_array_elements(d.document->'variants') v
          where d.id = $2 and v->>'size' = $3
            -- A drop never takes this path: the caller refuses one not yet open with its start (catalog/drops.ts), and
            -- adds to one open under its buyer's lock, within its limit per shopper (bag.ts).
            and (d.document->>'drop') is null
          limit 1
       ),
       added as (
         insert into bff.bag_lines (user_id, product_id, variant_id, quantity, ref_post_id)
         select $1::uuid, $2::text, size.variant_id, $4::int, $5::text from size, unflushed where $4::int <= size.most
         ${addToExistingLine("sized", "(select most from size)")}
         returning ${COLUMNS}, user_id
       ),
       lines as (
         select ${COLUMNS}, user_id from added
         union all
         select ${COLUMNS}, user_id from bff.bag_lines where user_id = $1 and id not in (select id from added)
       )
       ${bagSelect("lines", "exists (select 1 from added) as added,")}`,
      [userId, line.productId, line.size, line.quantity, line.refPostId],
    ),
  )
  return { added: rows[0]?.added ?? false, ...linesAndBalance(rows) }
}
