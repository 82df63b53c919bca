import type { Db } from "../../lib/db.js"
import { answerOf, noCatalogCache, type CachedAnswer, type CatalogCache } from "./cache.js"
import { notFound } from "../../http/errors.js"
import { LISTING_PAGE_SIZES, PRICE_RANGES, SUBCATEGORIES, type Product, type ProductList, type ProductPage, type ReviewSummary } from "@fitshop/contracts"
import type { ListProductsQuery } from "./schema.js"
import { upcomingAndLiveDrops } from "./drops.js"
import { prepared } from "../../lib/db.js"
import { rupeesToPaise } from "../../lib/money.js"

/** The listing's sorts as ORDER BY lists over bff.catalog_products' columns (search applies them on top too). */
export const ORDER_BY: Record<ListProductsQuery["sort"], string> = {
  // Units sold in the last 30 days; ties (and a shop with no sales yet) by newest.
  popular: "units_sold_30d desc, created_at desc, id desc",
  price_asc: "base_price asc, id asc",
  price_desc: "base_price desc, id desc",
  newest: "created_at desc, id desc",
}

export const EQUALITY_FILTERS = {
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

const STOREFRONT_PAGE_SIZES: readonly number[] = Object.values(LISTING_PAGE_SIZES)
/** How deep into a listing answers are cached: shoppers scroll a few pages; a deeper page is read each time. */
export const CACHED_PAGES = 10

/**
 * Whether a listing is one the storefront asks for, and so worth a place in the cache: one of its page
 * sizes, a whole page among the first CACHED_PAGES. The filters are the spec's values already (the schema
 * refuses any other). Everything else (a script's limit=37 or offset=4321) is answered from PostgreSQL
 * each time, so walking the valid parameters can't fill the cache.
 */
export function isStorefrontListing({ limit, offset }: Pick<ListProductsQuery, "limit" | "offset">): boolean {
  return STOREFRONT_PAGE_SIZES.includes(limit) && offset % limit === 0 && offset < limit * CACHED_PAGES
}

const RECOMMENDATIONS_SHOWN = 18
const MORE_LIKE_THIS = 12

/**
 * The conditions the listing's filters put on bff.catalog_products' columns, their values appended to `values` as
 * bound parameters (so a caller may have placed its own first); `sql` is the where clause, empty without filters.
 */
export function whereClause(query: Omit<ListProductsQuery, "sort" | "limit" | "offset">, values: unknown[] = []) {
  const conditions: string[] = []
  for (const [field, column] of Object.entries(EQUALITY_FILTERS)) {
    const value = query[field as keyof typeof EQUALITY_FILTERS]
    if (value === undefined) continue
    values.push(value)
    conditions.push(`${column} = $${values.length}`)
  }
  if (query.priceRange) {
    const [min, max] = PRICE_RANGES[query.priceRange]
    values.push(rupeesToPaise(min))
    conditions.push(`base_price >= $${values.length}`)
    if (max !== null) {
      values.push(rupeesToPaise(max))
      conditions.push(`base_price < $${values.length}`)
    }
  }
  return { sql: conditions.length ? `where ${conditions.join(" and ")}` : "", values }
}

/**
 * A row's listing document as stored text. Written as a subquery in the select list, PostgreSQL runs
 * it only for the rows that survive ORDER BY … LIMIT: filtering and sorting touch only the narrow
 * indexed columns (a top-N sort where no count is needed), and only the page's documents are read.
 */
const LISTING_DOCUMENT = "(select c.listing::text from bff.catalog_documents c where c.id = p.id) as document"

/** Rows of documents as JSON text, joined into an array without parsing them. */
const jsonArray = (rows: { document: string }[]) => `[${rows.map((row) => row.document).join(",")}]`

/** The product document's JSON text with its reviews' figures added as members of the same object. */
function withReviewSummary(document: string, summary: ReviewSummary): string {
  return `${document.slice(0, document.lastIndexOf("}"))},${JSON.stringify(summary).slice(1)}`
}

/**
 * Listing, detail and recommendations, answered from the read model in the BFF's own schema. Answers
 * are assembled from the stored documents' JSON text, so a listing is never parsed and re-serialised.
 * The product answer carries its reviews' rating and fit verdict (`reviewSummary`, the reviews module's).
 */
export function createCatalogService(db: Db, reviewSummary: (productId: string) => Promise<ReviewSummary>, cache: CatalogCache = noCatalogCache) {
  /** `{ products, total }`, ready to send. */
  async function listProducts(query: ListProductsQuery): Promise<CachedAnswer<ProductList>> {
    if (!isStorefrontListing(query)) return answerOf<ProductList>(await listFromReadModel(query))
    // Parameter names are ASCII: a plain comparison orders them without the locale-aware collator's cost.
    const key = `list:${JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)))}`
    return cache.cached<ProductList>(key, () => listFromReadModel(query), "listing")
  }

  /**
   * The page's documents with the exact total beside them. The total is a separate count (run once, as
   * an InitPlan), not a window over the filtered rows, so the page can stop after `limit` rows of an
   * index scan in sort order while the count reads only an index.
   */
  async function listFromReadModel(query: ListProductsQuery): Promise<string> {
    const where = whereClause(query)
    const limitAt = where.values.length + 1
    const count = `select count(*)::int from bff.catalog_products ${where.sql}`
    const { rows } = await db.query<{ document: string; total: number }>(
      prepared(
        `select (${count}) as total, ${LISTING_DOCUMENT}
           from bff.catalog_products p ${where.sql}
          order by ${ORDER_BY[query.sort]} limit $${limitAt} offset $${limitAt + 1}`,
        [...where.values, query.limit, query.offset],
      ),
    )
    let total = rows[0]?.total
    if (total === undefined) {
      // An offset past the end returns no rows, and so no total: count separately.
      const counted = await db.query<{ count: number }>(prepared(count, where.values))
      total = counted.rows[0]!.count
    }
    return `{"products":${jsonArray(rows)},"total":${total}}`
  }

  async function productDocument(id: string): Promise<string> {
    const { rows } = await db.query<{ document: string }>(prepared("select document::text as document from bff.catalog_documents where id = $1", [id]))
    if (!rows[0]) throw notFound("Product not found")
    return rows[0].document
  }

  /**
   * 'More {subcategory}': the same subcategory, up to 12. 'You might also like': the other subcategories
   * of the same type, then of the other type, so that the two lists together show up to 18.
   */
  async function recommendationsJson(product: Product): Promise<string> {
    const sameGroup = product.gender === "WOMEN" ? "style_group is not distinct from $3" : "subcategory is not distinct from $3"
    const groupValue = product.gender === "WOMEN" ? product.styleGroup : product.subcategory
    const { rows: more } = await db.query<{ id: string; document: string }>(
      prepared(
        `select p.id, ${LISTING_DOCUMENT} from bff.catalog_products p where gender = $1 and id <> $2 and ${sameGroup}
          order by in_stock desc, ${ORDER_BY.popular} limit ${MORE_LIKE_THIS}`,
        [product.gender, product.id, groupValue],
      ),
    )
    const otherType = product.categoryType === "LOWERS" ? "UPPERS" : "LOWERS"
    const alsoLikeOrder = `(category_type = $5 and subcategory = any($6)) desc, (category_type = $7) desc, in_stock desc, ${ORDER_BY.popular}`
    const sameTypeSubcategories: string[] = product.categoryType ? [...SUBCATEGORIES[product.categoryType]] : []
    const { rows: alsoLike } = await db.query<{ document: string }>(
      prepared(
        `select ${LISTING_DOCUMENT} from bff.catalog_products p
          where gender = $1 and id <> $2 and not (${sameGroup}) and id <> all($4)
          order by ${alsoLikeOrder} limit $8`,
        [
          product.gender,
          product.id,
          groupValue,
          more.map((row) => row.id),
          product.categoryType,
          sameTypeSubcategories,
          otherType,
          RECOMMENDATIONS_SHOWN - more.length,
        ],
      ),
    )
    return `{"more":${jsonArray(more)},"alsoLike":${jsonArray(alsoLike)}}`
  }

  /** `{ product, recommendations: { more, alsoLike } }`, ready to send, cached as one answer. */
  async function productPage(id: string): Promise<CachedAnswer<ProductPage>> {
    return cache.cached<ProductPage>(
      `product:${id}`,
      async () => {
        const [document, summary] = await Promise.all([productDocument(id), reviewSummary(id)])
        const recommendations = await recommendationsJson(JSON.parse(document) as Product)
        return `{"product":${withReviewSummary(document, summary)},"recommendations":${recommendations}}`
      },
      "product",
    )
  }

  /** `GET /api/drops`, read live: never cached, so a drop's count of units left is never an old one. */
  const drops = () => upcomingAndLiveDrops(db)

  return { listProducts, productPage, drops }
}

export type CatalogService = ReturnType<typeof createCatalogService>
