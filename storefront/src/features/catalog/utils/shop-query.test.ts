import { describe, expect, it } from "vitest"
import { NO_FILTERS } from "./shop-filters"
import { applyShopQuery, hasShopSelection, parseShopQuery, selectCategoryType, shopQueryFromNavigationState, toProductListParams } from "./shop-query"

describe("parseShopQuery", () => {
  it("defaults to men with no type when the URL is empty", () => {
    expect(parseShopQuery(new URLSearchParams())).toEqual({
      gender: "MEN",
      type: null,
      sub: null,
      styleGroup: null,
    })
  })

  it("reads a men selection and normalises the subcategory spelling", () => {
    expect(parseShopQuery(new URLSearchParams("g=MEN&type=LOWERS&sub=loose%20fit"))).toEqual({
      gender: "MEN",
      type: "LOWERS",
      sub: "Loose fit",
      styleGroup: null,
    })
  })

  it("drops a subcategory that is not in the chosen group", () => {
    expect(parseShopQuery(new URLSearchParams("type=UPPERS&sub=Jeans")).sub).toBeNull()
  })

  it("reads the women style group and ignores men-only params", () => {
    expect(parseShopQuery(new URLSearchParams("g=WOMEN&type=UPPERS&wg=TRADITIONS"))).toEqual({
      gender: "WOMEN",
      type: null,
      sub: null,
      styleGroup: "TRADITIONS",
    })
  })
})

describe("applyShopQuery", () => {
  it("writes the selection and keeps unrelated params", () => {
    const next = applyShopQuery(new URLSearchParams("wg=WESTERN&refPost=12"), selectCategoryType("LOWERS"))
    expect(next.toString()).toBe("refPost=12&g=MEN&type=LOWERS&sub=Jeans")
  })
})

describe("toProductListParams", () => {
  it("sends men type and subcategory with the sort and only the chosen filters", () => {
    expect(
      toProductListParams(parseShopQuery(new URLSearchParams("type=LOWERS&sub=Jeans")), {
        ...NO_FILTERS,
        fabric: "Denim",
      }),
    ).toEqual({
      active: true,
      gender: "MEN",
      categoryType: "LOWERS",
      subcategory: "Jeans",
      styleGroup: undefined,
      sort: "popular",
      priceRange: undefined,
      collarStyle: undefined,
      sleeveType: undefined,
      fabric: "Denim",
      colorName: undefined,
      seasonFit: undefined,
      genre: undefined,
      limit: 24,
    })
  })
})

describe("shopQueryFromNavigationState", () => {
  it("reads gender, initialType and initialSub like the URL", () => {
    expect(shopQueryFromNavigationState({ gender: "MEN", initialType: "LOWERS", initialSub: "cargo pants" })).toEqual({
      gender: "MEN",
      type: "LOWERS",
      sub: "Cargo pants",
      styleGroup: null,
    })
  })

  it("is null without any of them", () => {
    expect(shopQueryFromNavigationState(null)).toBeNull()
    expect(shopQueryFromNavigationState({ from: "/" })).toBeNull()
  })

  it("gives way to a selection already in the URL", () => {
    expect(hasShopSelection(new URLSearchParams("g=WOMEN"))).toBe(true)
    expect(hasShopSelection(new URLSearchParams("fabric=Denim"))).toBe(false)
  })
})
