import { z } from "zod"
import { checkSubcategoryOfType, listedProductSchema, listingFilters } from "./catalog.js"
import { PRICE_RANGES, SORTS, type PriceRange } from "./catalog-vocabulary.js"
import { pageTitle, type PageMeta } from "./page-meta.js"
import { SEARCH_PAGE_PATH, searchPath } from "./search-paths.js"
import { SIZES } from "./sizes.js"

export const SEARCH_TEXT_MIN = 2
export const SEARCH_TEXT_MAX = 200
export const SEARCH_PAGE_SIZE = 24
export const SEARCH_SUGGESTIONS_MAX = 8
/** How far a shopper may page into results (the cursor is the offset of the next page). */
export const SEARCH_DEEPEST_OFFSET = 2_400

export const SEARCH_TEXT_MESSAGES = {
  tooShort: `Type at least ${SEARCH_TEXT_MIN} letters to search`,
  tooLong: `Search is limited to ${SEARCH_TEXT_MAX} characters`,
} as const

/** What a shopper typed: trimmed, 2 to 200 characters (an empty or one-letter query is a 400 with the message above). */
export const searchText = z
  .string({ message: SEARCH_TEXT_MESSAGES.tooShort })
  .trim()
  .min(SEARCH_TEXT_MIN, { message: SEARCH_TEXT_MESSAGES.tooShort })
  .max(SEARCH_TEXT_MAX, { message: SEARCH_TEXT_MESSAGES.tooLong })

/** Relevance first; the listing's own sorts apply on top when asked. */
export const SEARCH_SORTS = ["relevance", ...SORTS] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]

/** `GET /api/search?q=&limit=&cursor=` with the listing's filters and sorts on top, and a size in stock. */
export const searchQuerySchema = listingFilters
  .extend({
    q: searchText,
    size: z.enum(SIZES, { message: `must be one of ${SIZES.join(", ")}` }).optional(),
    sort: z.enum(SEARCH_SORTS, { message: `must be one of ${SEARCH_SORTS.join(", ")}` }).default("relevance"),
    limit: z.coerce.number().int().min(1).max(48).default(SEARCH_PAGE_SIZE),
    cursor: z
      .string()
      .regex(/^\d{1,4}$/, { message: "is not a cursor from a previous answer" })
      .transform(Number)
      .refine((offset) => offset <= SEARCH_DEEPEST_OFFSET, { message: `results go no deeper than ${SEARCH_DEEPEST_OFFSET}` })
      .optional(),
  })
  .superRefine(checkSubcategoryOfType)
export type SearchQuery = z.output<typeof searchQuerySchema>
export type SearchParams = z.input<typeof searchQuerySchema>

/** The filters a search narrows by, in the order the page shows them. */
export const SEARCH_FACETS = ["gender", "categoryType", "subcategory", "colorName", "fabric", "priceRange", "size"] as const
export type SearchFacet = (typeof SEARCH_FACETS)[number]

const facetCountSchema = z.strictObject({ value: z.string(), count: z.number().int().positive() })
export type FacetCount = z.infer<typeof facetCountSchema>
export const searchFacetsSchema = z.strictObject(
  Object.fromEntries(SEARCH_FACETS.map((facet) => [facet, z.array(facetCountSchema)])) as Record<SearchFacet, z.ZodArray<typeof facetCountSchema>>,
)
export type SearchFacets = z.infer<typeof searchFacetsSchema>

/**
 * Why the products shown are not the words' own matches: none matched, so the answer shows the nearest category's,
 * or only what's trending. The message says so in words a shopper reads.
 */
export const searchFallbackSchema = z.strictObject({
  kind: z.enum(["category", "trending"]),
  message: z.string(),
})
export type SearchFallback = z.infer<typeof searchFallbackSchema>

/** `GET /api/search`. */
export const searchAnswerSchema = z.strictObject({
  query: z.string(),
  products: z.array(listedProductSchema),
  /** Products matching the words and filters; 0 when a fallback shows other products. */
  total: z.number().int().nonnegative(),
  facets: searchFacetsSchema,
  /** The query as searched when words were corrected ("hoddie" -> "hoodie"); null otherwise. */
  correctedQuery: z.string().nullable(),
  /** Other searches worth a tap: narrower ones ("hoodies in black") or, with no results, the nearest categories'. */
  suggestions: z.array(z.strictObject({ text: z.string(), path: z.string() })),
  fallback: searchFallbackSchema.nullable(),
  /** What's selling, shown with a fallback; empty otherwise. */
  trending: z.array(listedProductSchema),
  /** The next page's cursor, null on the last page. */
  nextCursor: z.string().nullable(),
})
export type SearchAnswer = z.infer<typeof searchAnswerSchema>

/** `GET /api/search/suggest?q=`: up to 8 completions as a shopper types. */
export const searchSuggestQuerySchema = z.object({
  q: z
    .string({ message: "Type something to get suggestions" })
    .trim()
    .min(1, { message: "Type something to get suggestions" })
    .max(SEARCH_TEXT_MAX, { message: SEARCH_TEXT_MESSAGES.tooLong }),
})
export const searchSuggestionSchema = z.strictObject({
  kind: z.enum(["query", "category", "product"]),
  text: z.string(),
  /** Where a tap goes: the search page, the category's shop page, the product's page. */
  path: z.string(),
  /** A product's picture and price, for a product suggestion. */
  imageUrl: z.string().nullable(),
  price: z.number().nullable(),
})
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>
export const searchSuggestAnswerSchema = z.strictObject({ suggestions: z.array(searchSuggestionSchema).max(SEARCH_SUGGESTIONS_MAX) })
export type SearchSuggestAnswer = z.infer<typeof searchSuggestAnswerSchema>

/** The search page's head: indexed under its query only when it found something (filters and pages narrow it). */
export function searchMeta(q: string, total: number): PageMeta {
  const words = q.trim()
  return {
    title: pageTitle(words ? `Search results for “${words}”` : "Search"),
    description: total
      ? `${total} ${total === 1 ? "product" : "products"} for “${words}”: streetwear for men and women, delivered across India.`
      : `No products for “${words}” yet: see what's trending in streetwear for men and women.`,
    canonicalPath: total ? searchPath(words) : null,
    noindex: total === 0,
  }
}

/** Price range facet values in the shop's order. */
export const PRICE_RANGE_ORDER = Object.keys(PRICE_RANGES) as PriceRange[]

/** `GET /api/admin/search/queries?days=`: what shoppers searched for, and what found nothing. */
export const adminSearchQueriesQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) })
const searchedQuerySchema = z.strictObject({
  query: z.string(),
  searches: z.number().int().nonnegative(),
  /** Of them, the searches that found nothing. */
  noResults: z.number().int().nonnegative(),
  lastAt: z.string(),
})
export type SearchedQuery = z.infer<typeof searchedQuerySchema>
export const adminSearchQueriesSchema = z.strictObject({
  days: z.number().int(),
  top: z.array(searchedQuerySchema),
  noResults: z.array(searchedQuerySchema),
})
export type AdminSearchQueries = z.infer<typeof adminSearchQueriesSchema>

/** The search page's address parameters besides `q`: the filters and sort a search takes, in the API's names. */
export const SEARCH_ADDRESS_FILTERS = [...Object.keys(listingFilters.shape), "size", "sort"] as const

/**
 * What a /search address reads first: `GET /api/search` with its query and the filters of its address that search
 * takes (an unknown or malformed one is dropped), the first page (no cursor); and the address it is rendered and kept
 * under. The storefront's page and the BFF's server render both read it from here, so they ask the same thing.
 */
export function searchFirstRead(search: URLSearchParams): { address: string; params: Record<string, string> } | null {
  const q = searchText.safeParse(search.get("q") ?? "")
  if (!q.success) return null
  const params: Record<string, string> = { q: q.data }
  const shape = searchQuerySchema.shape as Record<string, z.ZodType>
  for (const key of SEARCH_ADDRESS_FILTERS) {
    const value = search.get(key)
    if (value && shape[key]!.safeParse(value).success && !(key === "sort" && value === "relevance")) params[key] = value
  }
  if (params.subcategory && params.categoryType && !searchQuerySchema.safeParse(params).success) delete params.subcategory
  const address = new URLSearchParams(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)))
  return { address: `${SEARCH_PAGE_PATH}?${address.toString()}`, params }
}
