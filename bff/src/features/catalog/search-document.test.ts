import { describe, expect, it } from "vitest"
import type { Product } from "@fitshop/contracts"
import { searchVectors, sizeBit, sizeMask, titleWords } from "./search-document.js"

const product = (overrides: Partial<Product>): Product =>
  ({
    title: "Cargo Pants",
    categoryType: "LOWERS",
    subcategory: "Cargo pants",
    styleGroup: null,
    colorName: "Black",
    fabric: "Cotton",
    genre: "Anime",
    description: "Six pockets.",
    ...overrides,
  }) as Product

describe("a product's search vectors", () => {
  it("weigh the title A, its shelf B, colour C and fabric D; genre A and description B in the second; a word's plural forms at its place", () => {
    const { main, more } = searchVectors(product({}))
    expect(main).toContain("'pants':2A")
    expect(main).toContain("'pant':2A")
    expect(main).toContain("'black':")
    expect(main).toMatch(/'black':\d+C/)
    expect(main).toMatch(/'cotton':\d+D/)
    expect(main).toMatch(/'lowers':\d+B/)
    expect(more).toMatch(/'anime':1A/)
    expect(more).toMatch(/'pockets':\d+B/)
  })

  it("index the garment words that name a product's shelf with its category", () => {
    const kurta = searchVectors(product({ title: "Mirror Work Top", categoryType: "UPPERS", subcategory: "Regular", styleGroup: "TRADITIONS" }))
    expect(kurta.main).toMatch(/'kurti':\d+B/)
    expect(searchVectors(product({})).main).not.toContain("'kurti'")
  })

  it("leave out a run of letters no word is as long as, and quote nothing but words", () => {
    const { more } = searchVectors(product({ description: `Read ${"x".repeat(3000)} it's "quoted" & 100% cotton` }))
    expect(more).not.toContain("xxx")
    expect(more).toMatch(/'its':\d+B/)
    expect(more).not.toMatch(/[&"%]/)
  })

  it("give typos the title's words of 4 letters or more, with their forms", () => {
    expect(titleWords(product({ title: "Six Pocket Cargos 2.0" }))).toEqual(["pocket", "cargos", "cargo"])
  })

  it("keep the sizes in stock as bits in the shop's size order", () => {
    expect(sizeMask(["XS", "M", "XXXL"])).toBe(0b1000101)
    expect(sizeMask([])).toBe(0)
    expect(sizeBit("L")).toBe(8)
    expect(sizeBit("XXXXL")).toBe(0)
  })
})
