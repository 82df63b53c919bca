import type { Db } from "../../lib/db.js"
import { noCatalogCache, type CatalogCache } from "./cache.js"
import { notFound } from "../../http/errors.js"
import { PRICE_RANGES, SUBCATEGORIES, type Product } from "./product.js"
import type { ListProductsQuery } from "./schema.js"

const ORDER_BY: Record<ListProductsQuery["sort"], string> = {
  // Units sold in the last 30 days; ties (and a shop with no sales yet) by newest.
  popular: "units_sold_30d desc, created_at desc, id desc",
  price_asc: "base_price asc, id asc",
  price_desc: "base_price desc, id desc",
  newest: "created_at desc, id desc",
}

const EQUALITY_FILTERS = {
  gender: "gender",
  categoryType: "category_type",
  subcategory: "subcategory",
  styleGroup: "style_group",
  collarStyle: "collar_style",
  sleeveType: "sleeve_type",
  fabric: "fabric",
  colorName: "color_name",
  seasonFit: "season_fit",
  genre: "genre",
} as const satisfies Partial<Record<keyof ListProductsQuery, string>>

const RECOMMENDATIONS_SHOWN = 18
const MORE_LIKE_THIS = 12

/** Builds the where clause from the query; every value is a bound parameter. */
function whereClause(query: Omit<ListProductsQuery, "sort" | "limit" | "offset">) {
  const conditions: string[] = []
  const values: unknown[] = []
  for (const [field, column] of Object.entries(EQUALITY_FILTERS)) {
    const value = query[field as keyof typeof EQUALITY_FILTERS]
    if (value === undefined) continue
    values.push(value)
    conditions.push(`${column} = $${values.length}`)
  }
  if (query.priceRange) {
    const [min, max] = PRICE_RANGES[query.priceRange]
    values.push(min * 100)
    conditions.push(`base_price >= $${values.length}`)
    if (max !== null) {
      values.push(max * 100)
      conditions.push(`base_price < $${values.length}`)
    }
  }
  return { sql: conditions.length ? `where ${conditions.join(" and ")}` : "", values }
}

/** Listing, detail and recommendations, answered from the read model in the BFF's own schema. */
export function createCatalogService(db: Db, cache: CatalogCache = noCatalogCache) {
  async function listProducts(query: ListProductsQuery): Promise<{ products: Product[]; total: number }> {
    const key = `list:${JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)))}`
    return cache.cached(key, () => listFromReadModel(query))
  }

  async function listFromReadModel(query: ListProductsQuery): Promise<{ products: Product[]; total: number }> {
    const where = whereClause(query)
    const limitAt = where.values.length + 1
    const { rows } = await db.query<{ document: Product; total: number }>(
      `select document, count(*) over ()::int as total from bff.catalog_products ${where.sql}
        order by ${ORDER_BY[query.sort]} limit $${limitAt} offset $${limitAt + 1}`,
      [...where.values, query.limit, query.offset],
    )
    let total = rows[0]?.total
    if (total === undefined) {
      // An offset past the end returns no rows, and so no window count: count separately.
      const counted = await db.query<{ n: number }>(`select count(*)::int as n from bff.catalog_products ${where.sql}`, where.values)
      total = counted.rows[0]!.n
    }
    return { products: rows.map((row) => row.document), total }
  }

  async function getProduct(id: string): Promise<Product> {
    const { rows } = await db.query<{ document: Product }>("select document from bff.catalog_products where id = $1", [id])
    if (!rows[0]) throw notFound("Product not found")
    return rows[0].document
  }

  /**
   * 'More {subcategory}': the same subcategory, up to 12. 'You might also like': the other subcategories
   * of the same type, then of the other type, so that the two lists together show up to 18.
   */
  async function recommendations(product: Product): Promise<{ more: Product[]; alsoLike: Product[] }> {
    const sameGroup = product.gender === "WOMEN" ? "style_group is not distinct from $3" : "subcategory is not distinct from $3"
    const groupValue = product.gender === "WOMEN" ? product.styleGroup : product.subcategory
    const { rows: more } = await db.query<{ document: Product }>(
      `select document from bff.catalog_products where gender = $1 and id <> $2 and ${sameGroup}
        order by in_stock desc, ${ORDER_BY.popular} limit ${MORE_LIKE_THIS}`,
      [product.gender, product.id, groupValue],
    )
    const otherType = product.categoryType === "LOWERS" ? "UPPERS" : "LOWERS"
    const sameTypeSubcategories: string[] = product.categoryType ? [...SUBCATEGORIES[product.categoryType]] : []
    const { rows: alsoLike } = await db.query<{ document: Product }>(
      `select document from bff.catalog_products
        where gender = $1 and id <> $2 and not (${sameGroup}) and id <> all($4)
        order by (category_type = $5 and subcategory = any($6)) desc, (category_type = $7) desc, in_stock desc, ${ORDER_BY.popular}
        limit $8`,
      [
        product.gender,
        product.id,
        groupValue,
        more.map((row) => row.document.id),
        product.categoryType,
        sameTypeSubcategories,
        otherType,
        RECOMMENDATIONS_SHOWN - more.length,
      ],
    )
    return { more: more.map((row) => row.document), alsoLike: alsoLike.map((row) => row.document) }
  }

  /** A product with both recommendation lists, cached as one answer. */
  async function productPage(id: string): Promise<{ product: Product; recommendations: { more: Product[]; alsoLike: Product[] } }> {
    return cache.cached(`product:${id}`, async () => {
      const product = await getProduct(id)
      return { product, recommendations: await recommendations(product) }
    })
  }

  return { listProducts, getProduct, recommendations, productPage }
}

export type CatalogService = ReturnType<typeof createCatalogService>
