import { LISTING_PAGE_SIZES, SUBCATEGORIES, shopSection, type CategoryType, type Gender, type StyleGroup } from "@fitshop/contracts"
import type { ProductListParams } from "../api/get-products"
import { NO_FILTERS, type ShopFilters } from "./shop-filters"

export const PRODUCTS_PAGE_SIZE = LISTING_PAGE_SIZES.shop

/** The catalogue selection carried in the /shop URL (g, type, sub, wg). */
export type ShopQuery = {
  gender: Gender
  type: CategoryType | null
  sub: string | null
  styleGroup: StyleGroup | null
}

/** Reads the selection from the URL as contracts' shopSection does: unknown values dropped, gender MEN by default. */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const { gender, categoryType, subcategory, styleGroup } = shopSection(params)
  return { gender, type: categoryType ?? null, sub: subcategory ?? null, styleGroup: styleGroup ?? null }
}

/** The section the page's meta names (contracts' shopMeta). */
export const shopSectionOf = ({ gender, type, sub, styleGroup }: ShopQuery) => ({
  gender,
  categoryType: type ?? undefined,
  subcategory: sub ?? undefined,
  styleGroup: styleGroup ?? undefined,
})

/** Writes the selection into a copy of the URL's params, keeping any other params untouched. */
export function applyShopQuery(current: URLSearchParams, query: ShopQuery): URLSearchParams {
  const next = new URLSearchParams(current)
  const entries: [string, string | null][] = [
    ["g", query.gender],
    ["type", query.type],
    ["sub", query.sub],
    ["wg", query.styleGroup],
  ]
  for (const [key, value] of entries) {
    if (value) next.set(key, value)
    else next.delete(key)
  }
  return next
}

export const selectGender = (gender: Gender): ShopQuery => ({
  gender,
  type: null,
  sub: null,
  styleGroup: null,
})

/** Choosing UPPERS or LOWERS resets the subcategory to the first of that group. */
export const selectCategoryType = (type: CategoryType): ShopQuery => ({
  gender: "MEN",
  type,
  sub: SUBCATEGORIES[type][0],
  styleGroup: null,
})

export const selectSubcategory = (type: CategoryType, sub: string): ShopQuery => ({
  gender: "MEN",
  type,
  sub,
  styleGroup: null,
})

export const selectStyleGroup = (styleGroup: StyleGroup): ShopQuery => ({
  gender: "WOMEN",
  type: null,
  sub: null,
  styleGroup,
})

/** The GET /api/products query: men send type and subcategory, women the style group; then sort and filters. */
export function toProductListParams(query: ShopQuery, filters: ShopFilters = NO_FILTERS): Omit<ProductListParams, "offset"> {
  return {
    active: true,
    gender: query.gender,
    categoryType: query.type ?? undefined,
    subcategory: query.sub ?? undefined,
    styleGroup: query.styleGroup ?? undefined,
    sort: filters.sort,
    priceRange: filters.priceRange ?? undefined,
    collarStyle: filters.collarStyle ?? undefined,
    sleeveType: filters.sleeveType ?? undefined,
    fabric: filters.fabric ?? undefined,
    colorName: filters.colorName ?? undefined,
    seasonFit: filters.seasonFit ?? undefined,
    genre: filters.genre ?? undefined,
    limit: PRODUCTS_PAGE_SIZE,
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

const readText = (record: Record<string, unknown>, key: string) => (typeof record[key] === "string" ? record[key] : null)

/** True when the URL already names a selection, which then wins over navigation state. */
export const hasShopSelection = (params: URLSearchParams) => ["g", "type", "sub", "wg"].some((key) => params.has(key))

/**
 * The selection another screen passed in navigation state (gender, initialType, initialSub),
 * or null when it passed none; read the same way as the URL.
 */
export function shopQueryFromNavigationState(state: unknown): ShopQuery | null {
  if (!isRecord(state)) return null
  const gender = readText(state, "gender")
  const type = readText(state, "initialType")
  const sub = readText(state, "initialSub")
  if (!gender && !type && !sub) return null
  const params = new URLSearchParams()
  if (gender) params.set("g", gender)
  if (type) params.set("type", type)
  if (sub) params.set("sub", sub)
  return parseShopQuery(params)
}
