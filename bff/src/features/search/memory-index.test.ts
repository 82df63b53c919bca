import { describe, expect, it } from "vitest"
import type { EngineSearch } from "./engine.js"
import { eachLexeme, SearchIndex, type IndexedProduct } from "./memory-index.js"

describe("eachLexeme", () => {
  it("reads PostgreSQL's tsvector text: quotes doubled, weights (D unwritten), a lexeme without positions", () => {
    const read: [string, number][] = []
    eachLexeme(`'it''s':1A,2 'back\\\\slash':3B 'bare' 'kala':16383C,7D`, 1, (lexeme, code) => read.push([lexeme, code]))
    expect(read).toEqual([
      ["it's", (1 << 3) | (1 << 2) | 0],
      ["it's", (2 << 3) | (1 << 2) | 3],
      ["back\\slash", (3 << 3) | (1 << 2) | 1],
      ["bare", (1 << 2) | 3],
      ["kala", (16383 << 3) | (1 << 2) | 2],
      ["kala", (7 << 3) | (1 << 2) | 3],
    ])
  })

  it("refuses text that is no tsvector", () => {
    expect(() => eachLexeme("hoodie:1A", 0, () => undefined)).toThrow(/unreadable tsvector/)
  })
})

const product = (id: string, searchMain: string, searchMore = ""): IndexedProduct => ({
  id,
  title: id,
  imageUrl: null,
  gender: "MEN",
  categoryType: "UPPERS",
  subcategory: "Hoodies",
  styleGroup: null,
  genre: null,
  colorName: "Black",
  fabric: "Cotton",
  collarStyle: null,
  sleeveType: null,
  seasonFit: null,
  createdAt: 1,
  basePrice: 99_900,
  inStock: true,
  unitsSold: 0,
  sizeMask: 0b110,
  searchMain,
  searchMore,
})

const searchFor = (...alternatives: string[]): EngineSearch => ({
  groups: [{ alternatives, shelf: null }],
  filters: {},
  boost: {},
  sort: "relevance",
  limit: 10,
  offset: 0,
  facets: true,
})

describe("SearchIndex", () => {
  const index = new SearchIndex([
    product("title", "'black':1A 'hoodie':2A 'uppers':11B"),
    product("apart", "'black':1A 'tee':2A 'hoodie':11B"),
    product("described", "'tee':1A", "'black':1B 'hoodie':2B"),
  ])

  it("finds a phrase's words next to each other in one field, ranked by that field", () => {
    expect(index.search(searchFor("black hoodie")).ids).toEqual(["title", "described"])
    expect(index.search(searchFor("hoodie black")).ids).toEqual([])
    expect(index.search(searchFor("hoodie")).ids).toEqual(["title", "apart", "described"])
  })

  it("reads the last word as a prefix for suggestions, ranking by the title only", () => {
    const suggested = index.suggest({ groups: [], prefix: "hood", filters: {}, limit: 8, colours: true })
    // Alike otherwise, the others by id, last first (the listing's tie-break).
    expect(suggested.products.map((p) => p.id)).toEqual(["title", "described", "apart"])
    expect(suggested.colours).toEqual([{ colorName: "Black", count: 3 }])
  })

  it("counts the facets of every match and takes new figures without rebuilding", () => {
    const before = index.search(searchFor("hoodie"))
    expect(before.facets.size).toEqual([
      { value: "S", count: 3 },
      { value: "M", count: 3 },
    ])
    index.setFigures([{ id: "described", basePrice: 99_900, inStock: false, unitsSold: 0, sizeMask: 0 }])
    const after = index.search({ ...searchFor("hoodie"), filters: { size: "S" } })
    expect(after.ids).toEqual(["title", "apart"])
    expect(after.total).toBe(2)
  })
})
