import type { Db } from "../../lib/db.js"
import { listingDocument } from "./product.js"
import { searchVectors, sizeMask, titleWords } from "./search-document.js"
import type { Product } from "@fitshop/contracts"

type Client = Pick<Db, "query">

/**
 * Writes products as Medusa showed them at `readAt` (taken before the read): insert or replace, one
 * statement for the batch. Last read wins: a slower, older read never overwrites a newer one. A row's
 * synced_at is that read time, so stock holds placed after it still count (checkout/stock-holds.ts).
 */
export async function upsertProducts(client: Client, products: Product[], readAt: Date): Promise<void> {
  if (!products.length) return
  const columns = [
    "id",
    "handle",
    "title",
    "gender",
    "category_type",
    "subcategory",
    "style_group",
    "genre",
    "color_name",
    "fabric",
    "collar_style",
    "sleeve_type",
    "season_fit",
    "base_price",
    "in_stock",
    "created_at",
    "image_url",
    "size_mask",
  ]
  const values: unknown[] = [readAt]
  const rows = products.map((p, row) => {
    values.push(
      p.id,
      p.handle,
      p.title,
      p.gender,
      p.categoryType,
      p.subcategory,
      p.styleGroup,
      p.genre,
      p.colorName,
      p.fabric,
      p.collarStyle,
      p.sleeveType,
      p.seasonFit,
      p.basePrice,
      p.availableSizes.length > 0,
      p.createdAt || new Date().toISOString(),
      p.imageUrl,
      sizeMask(p.availableSizes),
    )
    return `(${columns.map((_, col) => `$${row * columns.length + col + 2}`).join(", ")}, $1)`
  })
  const updates = columns.filter((c) => c !== "id").map((c) => `${c} = excluded.${c}`)
  const { rows: written } = await client.query<{ id: string }>(
    `insert into bff.catalog_products (${columns.join(", ")}, synced_at) values ${rows.join(", ")}
     on conflict (id) do update set ${updates.join(", ")}, synced_at = excluded.synced_at
     where bff.catalog_products.synced_at <= excluded.synced_at
     returning id`,
    values,
  )
  const newest = new Set(written.map((row) => row.id))
  const kept = products.filter((p) => newest.has(p.id))
  if (!kept.length) return
  await client.query(
    `insert into bff.catalog_documents (id, document, listing) select * from unnest($1::text[], $2::json[], $3::json[])
     on conflict (id) do update set document = excluded.document, listing = excluded.listing`,
    [kept.map((p) => p.id), kept.map((p) => JSON.stringify(p)), kept.map((p) => JSON.stringify(listingDocument(p)))],
  )
  const vectors = kept.map(searchVectors)
  await client.query(
    `update bff.catalog_products p set search_main = s.main, search_more = s.more
       from unnest($1::text[], $2::tsvector[], $3::tsvector[]) as s (id, main, more) where p.id = s.id`,
    [kept.map((p) => p.id), vectors.map((v) => v.main), vectors.map((v) => v.more)],
  )
  const words = [...new Set(kept.flatMap(titleWords))]
  await client.query("insert into bff.search_words (word) select unnest($1::text[]) order by 1 on conflict do nothing", [words])
}

/** The database's clock now (not the transaction's start), to stamp a read from Medusa about to begin. */
export async function databaseClock(client: Client): Promise<Date> {
  const { rows } = await client.query<{ now: Date }>("select clock_timestamp() as now")
  return rows[0]!.now
}

export async function deleteProducts(client: Client, ids: string[]): Promise<void> {
  if (ids.length) await client.query("delete from bff.catalog_products where id = any($1)", [ids])
}

/** Removes products a full sync that started at `since` did not see (unpublished or deleted in Medusa). */
export async function deleteNotSyncedSince(client: Client, since: Date): Promise<number> {
  const { rowCount } = await client.query("delete from bff.catalog_products where synced_at < $1", [since])
  return rowCount ?? 0
}

export async function catalogSize(client: Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>("select count(*)::int as n from bff.catalog_products")
  return rows[0]?.n ?? 0
}

/** Sets every product's units sold over the Popular window; products without sales go to 0. Returns rows changed. */
export async function setUnitsSold(client: Client, sold: { id: string; units: number }[]): Promise<number> {
  const { rowCount } = await client.query(
    `update bff.catalog_products c set units_sold_30d = coalesce(s.units, 0)
       from bff.catalog_products c2
       left join (select unnest($1::text[]) as id, unnest($2::int[]) as units) s on s.id = c2.id
      where c.id = c2.id and c.units_sold_30d is distinct from coalesce(s.units, 0)`,
    [sold.map((s) => s.id), sold.map((s) => s.units)],
  )
  return rowCount ?? 0
}

/** The presented products with these ids that the shop still sells, by id. */
export async function productsByIds(client: Client, ids: string[]): Promise<Map<string, Product>> {
  if (!ids.length) return new Map()
  const { rows } = await client.query<{ document: Product }>("select document from bff.catalog_documents where id = any($1)", [[...new Set(ids)]])
  return new Map(rows.map((row) => [row.document.id, row.document]))
}
