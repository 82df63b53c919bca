import { SIZES, type SearchShelf } from "@fitshop/contracts"
import { prepared, type Db } from "../../lib/db.js"
import { LISTING_ORDER, listingWhere, sizeBit } from "../catalog/index.js"
import type { EngineSearch, EngineSuggest, SearchEngine, SearchFilters, SearchTermGroup } from "./engine.js"
import { facetsOf, PRICE_RANGE_BOUNDS, type FacetRow } from "./facets.js"
import { FIELDS, fieldScore, SHELF_BOOST } from "./ranking.js"
import { groupQuery } from "./tsquery.js"

const SHELF_COLUMNS = { categoryType: "category_type", subcategory: "subcategory", styleGroup: "style_group" } as const

/** The price range a product's price falls in, by the shop's ranges (lower bound included, upper excluded). */
const PRICE_RANGE_CASE = `case ${PRICE_RANGE_BOUNDS.map(([range, max]) => (max === null ? `else '${range}'` : `when base_price < ${max} then '${range}'`)).join(" ")} end`

/** SQL with its bound values: each condition appends its own and names them by position. */
class Statement {
  readonly values: unknown[] = []
  bind(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** The filters every product must pass, as conditions on bff.catalog_products. */
function filterConditions(filters: SearchFilters, statement: Statement): string[] {
  const { size, minPaise, maxPaise, ...listing } = filters
  const where = listingWhere(listing, statement.values).sql
  const conditions = where ? [where.slice("where ".length)] : []
  if (size) conditions.push(`size_mask & ${statement.bind(sizeBit(size))} <> 0`)
  if (minPaise !== undefined) conditions.push(`base_price >= ${statement.bind(minPaise)}`)
  if (maxPaise !== undefined) conditions.push(`base_price <= ${statement.bind(maxPaise)}`)
  return conditions
}

/** Whether a product is on a shelf (each of its named fields); null for a shelf naming nothing. */
function onShelf(shelf: SearchShelf, statement: Statement): string | null {
  const conditions = Object.entries(SHELF_COLUMNS)
    .filter(([field]) => shelf[field as keyof SearchShelf] !== undefined)
    .map(([field, column]) => `${column} = ${statement.bind(shelf[field as keyof SearchShelf])}`)
  return conditions.length ? `(${conditions.join(" and ")})` : null
}

/**
 * A group's place in a product, as a score: 6 when found in the title, 5 in its category (which holds the garment words
 * naming its shelf: catalog/search-document.ts), … 1 in its description, 0 when not found. `found` is the group
 * anywhere, for the where clause, where the word indexes find it.
 */
function groupScore(group: SearchTermGroup, statement: Statement, { prefixLast = false, titleOnly = false } = {}): { score: string; found: string } | null {
  const anywhere = groupQuery(group.alternatives, { prefixLast })
  if (!anywhere) return null
  const query = statement.bind(anywhere)
  const cases = (titleOnly ? FIELDS.slice(0, 1) : FIELDS).map(
    ([vector, weight], field) =>
      `when ${vector} @@ ${statement.bind(groupQuery(group.alternatives, { weight, prefixLast }))}::tsquery then ${fieldScore(field)}`,
  )
  return { score: `(case ${cases.join(" ")} else 0 end)`, found: `(search_main @@ ${query}::tsquery or search_more @@ ${query}::tsquery)` }
}

/**
 * The products the words and filters find, each with its relevance: by the field each word is found in, or (for
 * suggestions, asked at every keystroke) only whether it is in the title.
 */
function matching(
  groups: readonly SearchTermGroup[],
  filters: SearchFilters,
  boost: SearchShelf,
  statement: Statement,
  { prefixLast = false, titleOnly = false } = {},
) {
  const conditions = filterConditions(filters, statement)
  const scores: string[] = []
  groups.forEach((group, index) => {
    const scored = groupScore(group, statement, { prefixLast: prefixLast && index === groups.length - 1, titleOnly })
    if (!scored) return
    scores.push(scored.score)
    conditions.push(scored.found)
  })
  const shelf = onShelf(boost, statement)
  if (shelf) scores.push(`(case when ${shelf} then ${SHELF_BOOST} else 0 end)`)
  return { where: conditions.length ? `where ${conditions.join(" and ")}` : "", score: scores.length ? scores.join(" + ") : "0" }
}

/**
 * Every facet's counts over the matches in one pass (grouping sets), and the sizes in stock in another (one filtered
 * count a size): rows of [facet, value, count].
 */
const FACETS_SQL = `(select coalesce(json_agg(json_build_array(f.facet, f.value, f.count)), '[]') from (
    select case when grouping(gender) = 0 then 'gender' when grouping(category_type) = 0 then 'categoryType'
                when grouping(subcategory) = 0 then 'subcategory' when grouping(color_name) = 0 then 'colorName'
                when grouping(fabric) = 0 then 'fabric' else 'priceRange' end,
           coalesce(gender, category_type, subcategory, color_name, fabric, price_range), count(*)::int
      from (select gender, category_type, subcategory, color_name, fabric, ${PRICE_RANGE_CASE} as price_range from matched) m
     group by grouping sets ((gender), (category_type), (subcategory), (color_name), (fabric), (price_range))
    union all select 'size', s.size, s.count from (
      select ${SIZES.map((size, i) => `count(*) filter (where size_mask & ${sizeBit(size)} <> 0)::int as c${i}`).join(", ")} from matched
    ) as counts, unnest(array['${SIZES.join("', '")}'], array[${SIZES.map((_, i) => `counts.c${i}`).join(", ")}]) as s (size, count)
  ) as f (facet, value, count) where f.value is not null and f.count > 0)`

/** The colours the matches come in, most first. */
const COLOURS_SQL = `(select coalesce(json_agg(json_build_object('colorName', c.color_name, 'count', c.count) order by c.count desc, c.color_name), '[]')
    from (select color_name, count(*)::int as count from matched where color_name is not null group by color_name) c)`

const RELEVANCE_ORDER = "score desc, in_stock desc, units_sold_30d desc, created_at desc, id desc"

/** The words of the catalogue's titles that typos are corrected to (migration 046's bff.search_words). */
export async function catalogueWords(db: Pick<Db, "query">): Promise<string[]> {
  const { rows } = await db.query<{ word: string }>(prepared("select word from bff.search_words", []))
  return rows.map((row) => row.word)
}

/**
 * Search over the BFF's read model (migration 046): the catalogue writes each product's words as weighted tsvectors;
 * a query's words are matched with their forms and alternatives, ranked by the field they are found in, then stock and
 * sales; the page, its total and the facets come back from one statement. Named statements: the shapes are bounded
 * (the filters given, up to `MAX_GROUPS` words), never built from the text typed.
 */
export function postgresSearchEngine(db: Pick<Db, "query">): SearchEngine {
  return {
    async search({ groups, filters, boost, sort, limit, offset, facets: withFacets }: EngineSearch) {
      const statement = new Statement()
      const { where, score } = matching(groups, filters, boost, statement)
      const order = sort === "relevance" ? RELEVANCE_ORDER : LISTING_ORDER[sort]
      const limitAt = statement.bind(limit)
      const offsetAt = statement.bind(offset)
      const { rows } = await db.query<{ total: number; products: string; facets: FacetRow[] | null }>(
        prepared(
          `with matched as materialized (
             select id, gender, category_type, subcategory, color_name, fabric, base_price, size_mask, in_stock,
                    units_sold_30d, created_at, ${score} as score
               from bff.catalog_products ${where}
           ), page as (
             select id, row_number() over (order by ${order}) as n from matched order by ${order} limit ${limitAt} offset ${offsetAt}
           )
           select (select count(*)::int from matched) as total,
                  (select '[' || coalesce(string_agg(d.listing::text, ',' order by page.n), '') || ']'
                     from page join bff.catalog_documents d on d.id = page.id) as products,
                  ${withFacets ? FACETS_SQL : "null"} as facets`,
          statement.values,
        ),
      )
      const row = rows[0]!
      return { productsJson: row.products, total: row.total, facets: facetsOf(row.facets ?? undefined) }
    },

    async suggest({ groups, prefix, filters, limit, colours }: EngineSuggest) {
      const statement = new Statement()
      const all = prefix ? [...groups, { alternatives: [prefix], shelf: null }] : groups
      const { where, score } = matching(all, filters, {}, statement, { prefixLast: prefix !== null, titleOnly: true })
      const limitAt = statement.bind(limit)
      const { rows } = await db.query<{
        products: { id: string; title: string; imageUrl: string | null; price: number }[]
        colours: { colorName: string; count: number }[]
      }>(
        prepared(
          `with matched as materialized (
             select id, color_name, base_price, in_stock, units_sold_30d, created_at, ${score} as score from bff.catalog_products ${where}
           )
           select (select coalesce(json_agg(json_build_object('id', m.id, 'title', d.listing ->> 'title', 'imageUrl', d.listing ->> 'imageUrl', 'price', m.base_price)
                                   order by m.score desc, m.in_stock desc, m.units_sold_30d desc, m.created_at desc, m.id desc), '[]')
                     from (select * from matched order by ${RELEVANCE_ORDER} limit ${limitAt}) m join bff.catalog_documents d on d.id = m.id) as products,
                  ${colours ? COLOURS_SQL : "'[]'::json"} as colours`,
          statement.values,
        ),
      )
      return rows[0]!
    },

    knownWords: () => catalogueWords(db),
  }
}
