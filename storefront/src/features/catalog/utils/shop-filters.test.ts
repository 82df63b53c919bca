import { describe, expect, it } from "vitest"
import { NO_FILTERS, applyShopFilters, countActiveFilters, parseShopFilters } from "./shop-filters"

describe("parseShopFilters", () => {
  it("defaults to Popular with no filters", () => {
    expect(parseShopFilters(new URLSearchParams())).toEqual(NO_FILTERS)
  })

  it("reads every filter by the API's names and spells values as the API does", () => {
    const params = new URLSearchParams(
      "sort=price_desc&priceRange=above-3000&collarStyle=no_collar&sleeveType=FULL&fabric=wool" + "&colorName=GREY&seasonFit=winter&genre=marvel",
    )
    expect(parseShopFilters(params)).toEqual({
      sort: "price_desc",
      priceRange: "above-3000",
      collarStyle: "NO_COLLAR",
      sleeveType: "FULL",
      fabric: "Wool",
      colorName: "Grey",
      seasonFit: "WINTER",
      genre: "Marvel",
    })
  })

  it("drops values the API does not know", () => {
    expect(parseShopFilters(new URLSearchParams("sort=cheapest&fabric=Silk&genre=&priceRange=0-100"))).toEqual(NO_FILTERS)
  })
})

describe("applyShopFilters", () => {
  it("writes chosen filters, leaves out cleared ones and the default sort, and keeps the selection", () => {
    const next = applyShopFilters(new URLSearchParams("g=MEN&type=LOWERS&sub=Jeans&fabric=Cotton&sort=newest"), {
      ...NO_FILTERS,
      priceRange: "1500-2000",
      fabric: "Denim",
    })
    expect(next.toString()).toBe("g=MEN&type=LOWERS&sub=Jeans&fabric=Denim&priceRange=1500-2000")
  })

  it("round-trips through the URL", () => {
    const filters = { ...NO_FILTERS, sort: "price_asc" as const, seasonFit: "SUMMER" as const, genre: "Anime" as const }
    expect(parseShopFilters(applyShopFilters(new URLSearchParams(), filters))).toEqual(filters)
  })
})

describe("countActiveFilters", () => {
  it("counts chosen filters but not the sort", () => {
    expect(countActiveFilters({ ...NO_FILTERS, sort: "newest" })).toBe(0)
    expect(countActiveFilters({ ...NO_FILTERS, fabric: "Denim", colorName: "Red" })).toBe(2)
  })
})
