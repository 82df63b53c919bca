import { describe, expect, it } from "vitest"
import { categoryPath, SIZES } from "../../lib/catalogue"
import { buildCatalogue } from "./catalogue"

const catalogue = buildCatalogue()

describe("the demo catalogue", () => {
  it("sets no GST rate: every product follows the apparel rule on what a piece sells for", () => {
    expect(catalogue.filter((p) => p.gstPercent !== null).map((p) => p.handle)).toEqual([])
  })

  it("has at least 60 products with unique handles", () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(60)
    expect(new Set(catalogue.map((p) => p.handle)).size).toBe(catalogue.length)
  })

  it("has at least four products in every subcategory of the spec", () => {
    const groups = new Map<string, number>()
    for (const p of catalogue) {
      const key = p.gender === "MEN" ? `MEN ${p.categoryType} ${p.subcategory}` : `WOMEN ${p.styleGroup}`
      groups.set(key, (groups.get(key) ?? 0) + 1)
    }
    const expected = [
      ...["Hoodies", "Polo", "Oversized", "Regular"].map((s) => `MEN UPPERS ${s}`),
      ...["Jeans", "Loose fit", "Slim fit", "Cargo pants", "Straight fit"].map((s) => `MEN LOWERS ${s}`),
      "WOMEN WESTERN",
      "WOMEN TRADITIONS",
    ]
    for (const key of expected) expect(groups.get(key) ?? 0, key).toBeGreaterThanOrEqual(4)
  })

  it("covers every price range, colour and filter value", () => {
    const prices = catalogue.map((p) => p.price)
    expect(prices.some((p) => p < 500)).toBe(true)
    expect(prices.some((p) => p > 3000)).toBe(true)
    for (const colour of ["Black", "White", "Blue", "Grey", "Green", "Red"]) expect(catalogue.some((p) => p.colorName === colour)).toBe(true)
    for (const fabric of ["Cotton", "Polyester", "Denim", "Wool", "Blend"]) expect(catalogue.some((p) => p.fabric === fabric)).toBe(true)
    for (const genre of ["Marvel", "Streetwear", "Aesthetic", "Anime"]) expect(catalogue.some((p) => p.genre === genre)).toBe(true)
  })

  it("gives every product stock per size with at least one size sold out, and measurements for each", () => {
    for (const p of catalogue) {
      expect(Object.keys(p.stock)).toEqual([...SIZES])
      expect(
        Object.values(p.stock).some((n) => n === 0),
        p.handle,
      ).toBe(true)
      expect(
        Object.values(p.stock).some((n) => n > 0),
        p.handle,
      ).toBe(true)
      for (const size of SIZES) expect(p.measurements[size].unit).toBe("in")
      if (p.mrp !== null) expect(p.mrp).toBeGreaterThan(p.price)
    }
    expect(catalogue.some((p) => p.mrp !== null)).toBe(true)
  })

  it("declares every product's country of origin and its manufacturer's name and address, as its page must show them", () => {
    for (const p of catalogue) {
      expect(p.countryOfOrigin, p.handle).toBe("India")
      expect(p.manufacturer, p.handle).toMatch(/^Build Your Fit Retail Private Limited \(demo\), .+, Mumbai 400013, Maharashtra$/)
    }
  })

  it("places men under gender › type › subcategory and women under gender › style", () => {
    const hoodie = catalogue.find((p) => p.subcategory === "Hoodies" && p.gender === "MEN")!
    expect(categoryPath(hoodie).map((n) => n.handle)).toEqual(["men", "men-uppers", "men-uppers-hoodies"])
    const kurta = catalogue.find((p) => p.styleGroup === "TRADITIONS")!
    expect(categoryPath(kurta).map((n) => n.handle)).toEqual(["women", "women-traditions"])
  })
})
