import { GENDERS, PRICE_RANGE_ORDER, PRICE_RANGES, SEARCH_FACETS, SIZES, type PriceRange, type SearchFacets } from "@fitshop/contracts"
import { rupeesToPaise } from "../../lib/money.js"

export type FacetRow = [facet: keyof SearchFacets, value: string, count: number]

/** The price range a price in paise falls in, by the shop's ranges (lower bound included, upper excluded), as the listing's filter reads them. */
export const PRICE_RANGE_BOUNDS: readonly [range: PriceRange, maxPaise: number | null][] = PRICE_RANGE_ORDER.map((range) => {
  const max = PRICE_RANGES[range][1]
  return [range, max === null ? null : rupeesToPaise(max)]
})

export function priceRangeOf(paise: number): PriceRange {
  for (const [range, max] of PRICE_RANGE_BOUNDS) if (max === null || paise < max) return range
  return PRICE_RANGE_ORDER.at(-1)!
}

/** Facet counts in the shop's order: genders and ranges and sizes as the shop lists them, the rest most first; none for no rows. */
export function facetsOf(rows: readonly FacetRow[] = []): SearchFacets {
  const facets = Object.fromEntries(SEARCH_FACETS.map((facet) => [facet, [] as { value: string; count: number }[]])) as SearchFacets
  for (const [facet, value, count] of rows) facets[facet].push({ value, count })
  const inOrder = (order: readonly string[]) => (a: { value: string }, b: { value: string }) => order.indexOf(a.value) - order.indexOf(b.value)
  const mostFirst = (a: { value: string; count: number }, b: { value: string; count: number }) => b.count - a.count || (a.value < b.value ? -1 : 1)
  facets.gender.sort(inOrder(GENDERS))
  facets.priceRange.sort(inOrder(PRICE_RANGE_ORDER))
  facets.size.sort(inOrder(SIZES))
  for (const facet of ["categoryType", "subcategory", "colorName", "fabric"] as const) facets[facet].sort(mostFirst)
  return facets
}
