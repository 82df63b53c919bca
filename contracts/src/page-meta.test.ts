import { describe, expect, it } from "vitest"
import { productMeta, shopMeta, shopSection, shortDescription } from "./page-meta.js"

describe("shopSection and shopMeta", () => {
  const section = (query: string) => shopSection(new URLSearchParams(query))

  it("read a /shop address as the shop does: men by default, type and sub for men, wg for women, spellings normalised", () => {
    expect(section("")).toEqual({ gender: "MEN" })
    expect(section("g=men&type=lowers&sub=loose%20FIT")).toEqual({ gender: "MEN", categoryType: "LOWERS", subcategory: "Loose fit" })
    expect(section("type=UPPERS&sub=Jeans")).toEqual({ gender: "MEN", categoryType: "UPPERS", subcategory: undefined })
    expect(section("g=WOMEN&type=UPPERS&wg=TRADITIONS")).toEqual({ gender: "WOMEN", styleGroup: "TRADITIONS" })
  })

  it("name one canonical address per section, whatever filters and sort the address carried", () => {
    const canonical = (query: string) => shopMeta(section(query)).canonicalPath
    expect(canonical("sub=Hoodies&type=UPPERS&fabric=Cotton&sort=price_asc")).toBe("/shop?g=MEN&type=UPPERS&sub=Hoodies")
    expect(canonical("g=WOMEN&wg=WESTERN&colorName=Black")).toBe("/shop?g=WOMEN&wg=WESTERN")
    expect(shopMeta(section("type=LOWERS&sub=Cargo+pants")).title).toBe("Shop Men's cargo pants | Build Your Fit")
  })
})

describe("descriptions", () => {
  it("cut a long text at a word, under search engines' length", () => {
    const cut = shortDescription(`${"word ".repeat(60)}end`)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut).toMatch(/word…$/)
    expect(shortDescription("  short   text ")).toBe("short text")
  })

  it("give a product its price in rupees and its colour", () => {
    const meta = productMeta({ id: "prod 1", title: "Boxy Tee", basePrice: 129900, colorName: "Black", description: "Heavy cotton." })
    expect(meta).toEqual({
      title: "Boxy Tee | Build Your Fit",
      description: "Boxy Tee for ₹1,299 in Black. Heavy cotton.",
      canonicalPath: "/product/prod%201",
    })
  })
})
