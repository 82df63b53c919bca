import { IMAGE_SIZES, LISTING_PAGE_SIZES, listProductsQuery, sortedUrl, type ProductList } from "@fitshop/contracts"
import type { CachedAnswer } from "../catalog/index.js"
import { listingImagePreloads } from "./server-answers.js"

type Params = Record<string, string>

/** The filters the shop keeps in its URL under the API's own names (storefront shop-filters FILTER_KEYS). */
const FILTER_KEYS = ["priceRange", "collarStyle", "sleeveType", "fabric", "colorName", "seasonFit", "genre"] as const
/** Two cards to a row on a phone: their pictures are the page's largest paint. */
const FIRST_ROW_ON_A_PHONE = 2

/** What the shop page reads from its address. */
export type ShopFirstRead = {
  /** The first page's `GET /api/products` parameters. */
  params: Params
  /** The address with only the parameters the page reads, sorted (utm_source and the like left out): its render is kept under it. */
  address: string
}

/**
 * The first page the shop lists for a /shop address (spec: g, type, sub, wg and the filters live in the
 * URL), as the storefront asks for it (storefront shop-query toProductListParams): men by default, type
 * and sub for men only, wg for women only, Popular unless sorted. Null when the address holds a value the
 * API would refuse: the storefront then reads the list itself, as it always can.
 */
export function shopFirstRead(search: URLSearchParams): ShopFirstRead | null {
  const read: Params = {}
  const get = (key: string) => {
    const value = search.get(key)
    if (value) read[key] = value
    return value
  }
  const gender = get("g") ?? "MEN"
  const params: Params = { active: "true", gender, sort: get("sort") ?? "popular", limit: String(LISTING_PAGE_SIZES.shop), offset: "0" }
  const pick = (from: string, to: string) => {
    const value = get(from)
    if (value) params[to] = value
  }
  if (gender === "WOMEN") pick("wg", "styleGroup")
  else if (search.get("type")) {
    pick("type", "categoryType")
    pick("sub", "subcategory")
  }
  for (const key of FILTER_KEYS) pick(key, key)
  return listProductsQuery.safeParse(params).success ? { params, address: sortedUrl("/shop", read) } : null
}

/** Preloads for the pictures of the shop's first row on a phone. */
export const shopImagePreloads = (answer: CachedAnswer<ProductList>): string[] => listingImagePreloads(answer, FIRST_ROW_ON_A_PHONE, IMAGE_SIZES.productGrid)
