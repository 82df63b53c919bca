import { z } from "zod"
import { checkSubcategoryOfType, listedProductSchema, listingFilters } from "./catalog.js"
import { SEARCH_FACETS, SEARCH_SORTS, SEARCH_TEXT_MAX, SEARCH_TEXT_MESSAGES, SEARCH_TEXT_MIN, type SearchFacet } from "./search-address.js"
import { SIZES } from "./sizes.js"

export const SEARCH_PAGE_SIZE = 24
export const SEARCH_SUGGESTIONS_MAX = 8
/** How far a shopper may page into results (the cursor is the offset of the next page). */
export const SEARCH_DEEPEST_OFFSET = 2_400

/** What a shopper typed: trimmed, 2 to 200 characters (an empty or one-letter query is a 400 with the message above). */
export const searchText = z
  .string({ message: SEARCH_TEXT_MESSAGES.tooShort })
  .trim()
  .min(SEARCH_TEXT_MIN, { message: SEARCH_TEXT_MESSAGES.tooShort })
  .max(SEARCH_TEXT_MAX, { message: SEARCH_TEXT_MESSAGES.tooLong })

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
  /** Counted over every product found, on the first page (the pages after a cursor carry none). */
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
