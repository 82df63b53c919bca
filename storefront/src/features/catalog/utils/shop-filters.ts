import {
  COLOR_NAMES,
  FABRICS,
  GENRES,
  type CollarStyle,
  type ColorName,
  type Fabric,
  type Genre,
  type PriceRange,
  type SeasonFit,
  type SleeveType,
  type Sort,
} from "@fitshop/contracts"
import { COLLAR_LABELS, SEASON_LABELS, SLEEVE_LABELS } from "./product-specs"

type Option<T extends string> = { value: T; label: string }

/** Spec section 9: the sort options, Popular first as the default. */
export const SORT_OPTIONS = [
  { value: "popular", label: "Popular" },
  { value: "price_asc", label: "Price: Low → High" },
  { value: "price_desc", label: "Price: High → Low" },
  { value: "newest", label: "Newest" },
] as const satisfies readonly Option<Sort>[]

export const DEFAULT_SORT: Sort = "popular"

const PRICE_RANGE_OPTIONS = [
  { value: "under-500", label: "Under 500" },
  { value: "500-1000", label: "500 – 1000" },
  { value: "1000-1500", label: "1000 – 1500" },
  { value: "1500-2000", label: "1500 – 2000" },
  { value: "2000-3000", label: "2000 – 3000" },
  { value: "above-3000", label: "Above 3000" },
] as const satisfies readonly Option<PriceRange>[]

const labelledAsValue = <T extends string>(values: readonly T[]): Option<T>[] => values.map((value) => ({ value, label: value }))

const labelled = <T extends string>(labels: Record<T, string>): Option<T>[] => (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }))

/** The catalogue filters; each is one of the spec's values or null (not filtered). */
export type ShopFilters = {
  sort: Sort
  priceRange: PriceRange | null
  collarStyle: CollarStyle | null
  sleeveType: SleeveType | null
  fabric: Fabric | null
  colorName: ColorName | null
  seasonFit: SeasonFit | null
  genre: Genre | null
}

export type FilterKey = Exclude<keyof ShopFilters, "sort">

type FilterGroups = { [K in FilterKey]: { title: string; options: Option<NonNullable<ShopFilters[K]>>[] } }

/** Every filter of spec section 9 with its options, keyed by the API's (and the URL's) parameter name. */
export const FILTER_GROUPS: FilterGroups = {
  priceRange: { title: "Price", options: [...PRICE_RANGE_OPTIONS] },
  collarStyle: { title: "Collar", options: labelled(COLLAR_LABELS) },
  sleeveType: { title: "Sleeve", options: labelled(SLEEVE_LABELS) },
  fabric: { title: "Fabric", options: labelledAsValue(FABRICS) },
  colorName: { title: "Colour", options: labelledAsValue(COLOR_NAMES) },
  seasonFit: { title: "Season", options: labelled(SEASON_LABELS) },
  genre: { title: "Genre", options: labelledAsValue(GENRES) },
}

/** Display order of the filter groups in the panel. */
export const FILTER_KEYS: readonly FilterKey[] = ["priceRange", "collarStyle", "sleeveType", "fabric", "colorName", "seasonFit", "genre"]

export const NO_FILTERS: ShopFilters = {
  sort: DEFAULT_SORT,
  priceRange: null,
  collarStyle: null,
  sleeveType: null,
  fabric: null,
  colorName: null,
  seasonFit: null,
  genre: null,
}

/** The allowed value matching `raw` case-insensitively, spelled as the API expects; null for anything else. */
const pickValue = <T extends string>(options: readonly Option<T>[], raw: string | null): T | null => {
  const wanted = raw?.trim().toLowerCase()
  if (!wanted) return null
  return options.find((option) => option.value.toLowerCase() === wanted)?.value ?? null
}

/** Reads sort and filters from the /shop URL; unknown values are dropped so the API never sees them. */
export function parseShopFilters(params: URLSearchParams): ShopFilters {
  const read = <K extends FilterKey>(key: K) => pickValue(FILTER_GROUPS[key].options, params.get(key))
  return {
    sort: pickValue(SORT_OPTIONS, params.get("sort")) ?? DEFAULT_SORT,
    priceRange: read("priceRange"),
    collarStyle: read("collarStyle"),
    sleeveType: read("sleeveType"),
    fabric: read("fabric"),
    colorName: read("colorName"),
    seasonFit: read("seasonFit"),
    genre: read("genre"),
  }
}

/** Writes sort and filters into a copy of the URL's params; the default sort and cleared filters are removed. */
export function applyShopFilters(current: URLSearchParams, filters: ShopFilters): URLSearchParams {
  const next = new URLSearchParams(current)
  if (filters.sort === DEFAULT_SORT) next.delete("sort")
  else next.set("sort", filters.sort)
  for (const key of FILTER_KEYS) {
    const value = filters[key]
    if (value) next.set(key, value)
    else next.delete(key)
  }
  return next
}

/** How many filters (sort aside) are chosen. */
export const countActiveFilters = (filters: ShopFilters): number => FILTER_KEYS.filter((key) => filters[key] !== null).length
