/**
 * Search's addresses and what a /search address asks for, zod-free: the storefront's header (in the first page's code)
 * and its search page use them without loading zod (whose schemas try `new Function`, which the shop's CSP refuses).
 */
import {
  CATEGORY_TYPES,
  COLLAR_STYLES,
  COLOR_NAMES,
  FABRICS,
  GENDERS,
  GENRES,
  PRICE_RANGES,
  SEASON_FITS,
  SLEEVE_TYPES,
  SORTS,
  STYLE_GROUPS,
  SUBCATEGORIES,
  type CategoryType,
  type PriceRange,
} from "./catalog-vocabulary.js"
import { pageTitle, type PageMeta } from "./page-meta.js"
import { SIZES } from "./sizes.js"

/** `GET /api/search` and its completions as you type; `/search?q=` is the page. */
export const SEARCH_API_PATH = "/api/search"
export const SEARCH_SUGGEST_PATH = "/api/search/suggest"
export const SEARCH_PAGE_PATH = "/search"

export const SEARCH_TEXT_MIN = 2
export const SEARCH_TEXT_MAX = 200

export const SEARCH_TEXT_MESSAGES = {
  tooShort: `Type at least ${SEARCH_TEXT_MIN} letters to search`,
  tooLong: `Search is limited to ${SEARCH_TEXT_MAX} characters`,
} as const

/** Relevance first; the listing's own sorts apply on top when asked. */
export const SEARCH_SORTS = ["relevance", ...SORTS] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]

/** The filters a search narrows by, in the order the page shows them. */
export const SEARCH_FACETS = ["gender", "categoryType", "subcategory", "colorName", "fabric", "priceRange", "size"] as const
export type SearchFacet = (typeof SEARCH_FACETS)[number]

/** Price range facet values in the shop's order. */
export const PRICE_RANGE_ORDER = Object.keys(PRICE_RANGES) as PriceRange[]

/** The search page's address parameters besides `q` (the filters and sort a search takes, in the API's names), with their values. */
export const SEARCH_ADDRESS_FILTERS = {
  gender: GENDERS,
  categoryType: CATEGORY_TYPES,
  subcategory: [...SUBCATEGORIES.UPPERS, ...SUBCATEGORIES.LOWERS],
  styleGroup: STYLE_GROUPS,
  priceRange: PRICE_RANGE_ORDER,
  collarStyle: COLLAR_STYLES,
  sleeveType: SLEEVE_TYPES,
  fabric: FABRICS,
  colorName: COLOR_NAMES,
  seasonFit: SEASON_FITS,
  genre: GENRES,
  size: SIZES,
  sort: SEARCH_SORTS,
} as const satisfies Record<string, readonly string[]>

/** The search page's address for a query (and filters), as links and the suggestions write it. */
export function searchPath(q: string, filters: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams({ q })
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value)
  return `${SEARCH_PAGE_PATH}?${search.toString()}`
}

/**
 * What a /search address reads first: `GET /api/search` with its query (trimmed, 2 to 200 characters, else null) and
 * the filters of its address that search takes (an unknown value, or a subcategory of another type, is dropped), the
 * first page (no cursor); and the address it is rendered and kept under. The storefront's page and the BFF's server
 * render both read it from here, so they ask the same thing (searchQuerySchema accepts every read it names).
 */
export function searchFirstRead(search: URLSearchParams): { address: string; params: Record<string, string> } | null {
  const q = (search.get("q") ?? "").trim()
  if (q.length < SEARCH_TEXT_MIN || q.length > SEARCH_TEXT_MAX) return null
  const params: Record<string, string> = { q }
  for (const [key, allowed] of Object.entries(SEARCH_ADDRESS_FILTERS) as [string, readonly string[]][]) {
    const value = search.get(key)
    if (value && allowed.includes(value) && !(key === "sort" && value === "relevance")) params[key] = value
  }
  const type = params.categoryType as CategoryType | undefined
  if (type && params.subcategory && !(SUBCATEGORIES[type] as readonly string[]).includes(params.subcategory)) delete params.subcategory
  const address = new URLSearchParams(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)))
  return { address: `${SEARCH_PAGE_PATH}?${address.toString()}`, params }
}

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
