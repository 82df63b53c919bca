import { PRICE_RANGES, PRICE_RANGE_ORDER, type FacetCount, type PriceRange, type SearchFacet } from "@fitshop/contracts"
import { categoryLabel } from "@/lib/product-labels"

/** The facets' headings, in SEARCH_FACETS' order. */
export const FACET_TITLES: Record<SearchFacet, string> = {
  gender: "Gender",
  categoryType: "Category",
  subcategory: "Subcategory",
  colorName: "Colour",
  fabric: "Fabric",
  priceRange: "Price",
  size: "Size in stock",
}

const rupees = (amount: number) => `₹${new Intl.NumberFormat("en-IN").format(amount)}`

const isPriceRange = (value: string): value is PriceRange => Object.hasOwn(PRICE_RANGES, value)

/** A price range in words: "Under ₹500", "₹500–₹1,000", "Above ₹3,000". */
export function priceRangeLabel(range: PriceRange): string {
  const [from, to] = PRICE_RANGES[range]
  if (from === 0) return `Under ${rupees(to ?? 0)}`
  if (to === null) return `Above ${rupees(from)}`
  return `${rupees(from)}–${rupees(to)}`
}

/** A facet's value as shown: MEN → Men, UPPERS → Uppers, under-500 → Under ₹500; colours, fabrics and sizes as they are. */
export function facetValueLabel(facet: SearchFacet, value: string): string {
  if (facet === "priceRange") return isPriceRange(value) ? priceRangeLabel(value) : value
  if (facet === "gender" || facet === "categoryType") return categoryLabel(value)
  return value
}

/** A facet's values in the order shown: price ranges from the cheapest, the rest as the answer ranks them. */
export function orderedFacetValues(facet: SearchFacet, values: FacetCount[]): FacetCount[] {
  if (facet !== "priceRange") return values
  const rank = (value: string) => PRICE_RANGE_ORDER.indexOf(value as PriceRange)
  return [...values].sort((a, b) => rank(a.value) - rank(b.value))
}

/** The address's params with `facet` set to `value`, or cleared when it already is; a subcategory goes with its category. */
export function toggledFacet(current: URLSearchParams, facet: SearchFacet, value: string): URLSearchParams {
  const next = new URLSearchParams(current)
  if (next.get(facet) === value) next.delete(facet)
  else next.set(facet, value)
  if (facet === "categoryType") next.delete("subcategory")
  return next
}
