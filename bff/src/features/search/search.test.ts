import { randomBytes, randomInt } from "node:crypto"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { isSeeded } from "../../../test/catalog.js"
import { ownCatalogue, shopperSession, staffSession } from "../../../test/staff.js"
import {
  adminSearchQueriesSchema,
  SEARCH_FACETS,
  searchAnswerSchema,
  searchSuggestAnswerSchema,
  SIZES,
  type ListedProduct,
  type Product,
  type SearchAnswer,
} from "@fitshop/contracts"
import { databaseClock, deleteProducts, upsertProducts } from "../catalog/read-model.js"
import { QUERY_LOG_FLUSH_MS } from "./query-log.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const search = async (query: Record<string, string>): Promise<SearchAnswer> => {
  const response = await request(ctx.app).get("/api/search").query(query)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return searchAnswerSchema.parse(response.body)
}
const titles = (products: ListedProduct[]) => products.map((product) => product.title)

/** A word no catalogue has: letters only, as the catalogue's own words are read. */
const madeUpWord = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + randomInt(26))).join("")
const productId = () => `prod_${randomBytes(13).toString("hex").toUpperCase()}`

describe("GET /api/search: what it refuses", () => {
  it("answers 400 with a clear message for an empty, one-letter or too long query, and for a bad cursor or filter", async () => {
    for (const q of [undefined, "", " ", "a", " b "]) {
      const response = await request(ctx.app)
        .get("/api/search")
        .query(q === undefined ? {} : { q })
      expect(response.status).toBe(400)
      expect(response.body.message).toContain("Type at least 2 letters to search")
    }
    const long = await request(ctx.app)
      .get("/api/search")
      .query({ q: "h".repeat(201) })
    expect(long.status).toBe(400)
    expect(long.body.message).toContain("Search is limited to 200 characters")
    expect(
      (
        await request(ctx.app)
          .get("/api/search")
          .query({ q: "h".repeat(200) })
      ).status,
    ).toBe(200)
    for (const query of [
      { cursor: "-1" },
      { cursor: "abc" },
      { cursor: "99999" },
      { gender: "KIDS" },
      { size: "XXXXL" },
      { sort: "random" },
      { limit: "500" },
    ]) {
      const response = await request(ctx.app)
        .get("/api/search")
        .query({ q: "hoodie", ...query })
      expect(response.status, JSON.stringify(query)).toBe(400)
      expect(response.body.error).toBeDefined()
    }
    expect((await request(ctx.app).get("/api/search/suggest").query({ q: " " })).status).toBe(400)
  })

  it("is safe whatever the characters: quotes, %, _, tsquery operators, SQL words", async () => {
    for (const q of ["%", "__", "'\"", "hoodie:*", "a & b | !c", "hoodie' or 1=1 --", "<->", "\\\\", "select * from bff.users", "😀😀", "\u0000x"]) {
      const response = await request(ctx.app).get("/api/search").query({ q })
      expect([200, 400], q).toContain(response.status)
      if (response.status === 200) searchAnswerSchema.parse(response.body)
      const suggest = await request(ctx.app).get("/api/search/suggest").query({ q })
      expect(suggest.status, q).toBe(200)
    }
  })
})

describe("GET /api/search: what it answers", () => {
  it("counts facets over what it found, and takes the listing's filters and sorts on top", async () => {
    const all = await search({ q: "hoodie", limit: "48" })
    for (const facet of SEARCH_FACETS) expect(all.facets[facet].length, facet).toBeGreaterThan(0)
    const byGender = Object.fromEntries(all.facets.gender.map(({ value, count }) => [value, count]))
    expect(byGender.MEN! + byGender.WOMEN!).toBe(all.total)
    expect(all.facets.size.map(({ value }) => value)).toEqual(SIZES.filter((size) => all.facets.size.some((facet) => facet.value === size)))

    const women = await search({ q: "hoodie", gender: "WOMEN", sort: "price_asc" })
    expect(women.total).toBe(byGender.WOMEN)
    expect(women.products.every((product) => product.gender === "WOMEN")).toBe(true)
    const prices = women.products.map((product) => product.basePrice)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))

    const inXxl = await search({ q: "hoodie", size: "XXL" })
    expect(inXxl.products.every((product) => product.availableSizes.includes("XXL"))).toBe(true)
    expect(inXxl.total).toBe(all.facets.size.find((facet) => facet.value === "XXL")?.count ?? 0)
    // The address's gender wins over the words'.
    expect((await search({ q: "men hoodie", gender: "WOMEN" })).products.every((product) => product.gender === "WOMEN")).toBe(true)
  })

  it("pages with the cursor it hands out, to the last page", async () => {
    const first = await search({ q: "pants", limit: "5" })
    expect(first.total).toBeGreaterThan(10)
    expect(first.nextCursor).toBe("5")
    const seen = new Set(first.products.map((product) => product.id))
    let cursor = first.nextCursor
    while (cursor) {
      const page = await search({ q: "pants", limit: "5", cursor })
      for (const product of page.products) {
        expect(seen.has(product.id)).toBe(false)
        seen.add(product.id)
      }
      cursor = page.nextCursor
    }
    expect(seen.size).toBe(first.total)
  })

  it("offers narrower searches that find something", async () => {
    const answer = await search({ q: "hoodie" })
    expect(answer.suggestions.map((suggestion) => suggestion.text)).toContain("hoodie in black")
    expect(answer.suggestions.find((suggestion) => suggestion.text === "hoodie in black")?.path).toBe("/search?q=hoodie+in+black")
  })

  it("never ends in nothing: the nearest section's products, or what's trending, saying so", async () => {
    const near = await search({ q: "hoodie with zebra stripes" })
    expect(near.total).toBe(0)
    expect(near.fallback).toEqual({ kind: "category", message: "No results for “hoodie with zebra stripes”. Showing Men's hoodies instead." })
    expect(near.products.filter(isSeeded).every((product) => product.subcategory === "Hoodies" && product.gender === "MEN")).toBe(true)
    expect(near.suggestions).toEqual([{ text: "Men's hoodies", path: "/shop?g=MEN&type=UPPERS&sub=Hoodies" }])
    const nothing = await search({ q: "qwzrtp" })
    expect(nothing.fallback).toEqual({ kind: "trending", message: "No results for “qwzrtp”. Here's what's trending." })
    expect(nothing.products).toEqual([])
    expect(nothing.trending.length).toBeGreaterThan(0)
  })
})

describe("ranking", () => {
  const word = madeUpWord()
  const ids: string[] = []

  beforeAll(async () => {
    const { body } = await request(ctx.app).get("/api/products").query({ limit: "1" })
    const base = (await request(ctx.app).get(`/api/products/${body.products[0].id as string}`)).body.product as Product
    const made = (title: string, overrides: Partial<Product> = {}): Product => {
      const id = productId()
      ids.push(id)
      return { ...base, id, handle: id.toLowerCase(), title, description: "Plain.", genre: "Streetwear", colorName: "Black", fabric: "Cotton", ...overrides }
    }
    const products = [
      made("Plain Tee", { description: `Cut like a ${word}.` }),
      made("Plain Genre Tee", { genre: word }),
      made("Plain Fabric Tee", { fabric: word }),
      made("Plain Colour Tee", { colorName: word }),
      made(`${word} Tee Sold Out`, { availableSizes: [] }),
      made(`${word} Tee`),
      made(`${word} Tee Best Seller`),
    ]
    await upsertProducts(ctx.db, products, await databaseClock(ctx.db))
    await ctx.db.query("update bff.catalog_products set units_sold_30d = 7 where id = $1", [ids[6]])
    await ctx.cache.invalidate()
  })
  afterAll(async () => {
    await deleteProducts(ctx.db, ids)
    await ctx.cache.invalidate()
  })

  it("puts the title first, then colour, fabric, genre and description; in stock before sold out; best sellers first among equals", async () => {
    const answer = await search({ q: word })
    expect(titles(answer.products)).toEqual([
      `${word} Tee Best Seller`,
      `${word} Tee`,
      `${word} Tee Sold Out`,
      "Plain Colour Tee",
      "Plain Fabric Tee",
      "Plain Genre Tee",
      "Plain Tee",
    ])
  })

  it("finds a word of the catalogue's own with a typo, and says how it read it", async () => {
    // One letter changed (a swap of two like letters would be no typo at all).
    const typo = `${word.slice(0, 5)}${word[5] === "q" ? "z" : "q"}${word.slice(6)}`
    const answer = await search({ q: `${typo} tee` })
    expect(answer.correctedQuery).toBe(`${word} tee`)
    expect(titles(answer.products)).toContain(`${word} Tee`)
  })

  it("suggests the products whose words start as typed, with their picture and price", async () => {
    const response = await request(ctx.app)
      .get("/api/search/suggest")
      .query({ q: word.slice(0, 5) })
    expect(response.status).toBe(200)
    const { suggestions } = searchSuggestAnswerSchema.parse(response.body)
    expect(suggestions.length).toBeLessThanOrEqual(8)
    const product = suggestions.find((suggestion) => suggestion.text === `${word} Tee Best Seller`)
    expect(product).toMatchObject({ kind: "product", path: `/product/${ids[6]!}`, price: expect.any(Number) })
  })
})

describe("GET /api/search/suggest", () => {
  it("completes a garment with the colours the shop has it in and its section, then products", async () => {
    const { suggestions } = searchSuggestAnswerSchema.parse((await request(ctx.app).get("/api/search/suggest").query({ q: "hoodie" })).body)
    expect(suggestions.length).toBeLessThanOrEqual(8)
    expect(suggestions.filter((s) => s.kind === "query").map((s) => s.text)).toContain("hoodie in black")
    expect(suggestions).toContainEqual({ kind: "category", text: "Men's hoodies", path: "/shop?g=MEN&type=UPPERS&sub=Hoodies", imageUrl: null, price: null })
    expect(suggestions.some((s) => s.kind === "product" && s.text.includes("Hoodie"))).toBe(true)
    const typing = searchSuggestAnswerSchema.parse((await request(ctx.app).get("/api/search/suggest").query({ q: "nights" })).body)
    expect(typing.suggestions.map((s) => s.text)).toContain("Nightshift Hoodie")
  })
})

describe("following the catalogue", () => {
  it("finds a product published in the console at once, and no longer once it is archived", async () => {
    const label = madeUpWord()
    const catalogue = await ownCatalogue(ctx.app, label)
    const product = await catalogue.publish(3)
    expect(titles((await search({ q: label })).products)).toEqual([product.title])
    await catalogue.remove()
    const after = await search({ q: label })
    expect(after.total).toBe(0)
    expect(titles(after.products)).not.toContain(product.title)
  })
})

describe("the console's searches", () => {
  it("lists the top searches and those that found nothing to staff, and to no one else", async () => {
    const lost = madeUpWord()
    await search({ q: "Kala Hoodie" })
    await search({ q: "kala   hoodie" })
    // Answered from the cache: counted all the same, found or not read from the cached answer.
    await search({ q: "Kala Hoodie" })
    await search({ q: lost })
    await search({ q: lost, cursor: "0" })
    await searchesCounted()
    const staff = await staffSession(ctx.app)
    const response = await request(ctx.app).get("/api/admin/search/queries").query({ days: "30" }).set(staff.headers)
    expect(response.status).toBe(200)
    const { top, noResults } = adminSearchQueriesSchema.parse(response.body)
    expect(top.find((row) => row.query === "kala hoodie")).toMatchObject({ noResults: 0 })
    expect(top.find((row) => row.query === "kala hoodie")!.searches).toBeGreaterThanOrEqual(3)
    // A second page is not a second search.
    expect(noResults.find((row) => row.query === lost)).toMatchObject({ searches: 1, noResults: 1 })
    expect(noResults.some((row) => row.query === "kala hoodie")).toBe(false)

    const shopper = await shopperSession(ctx.app)
    expect((await request(ctx.app).get("/api/admin/search/queries").set(shopper.headers)).status).toBe(403)
    expect((await request(ctx.app).get("/api/admin/search/queries")).status).toBe(401)
    expect((await request(ctx.app).get("/api/admin/search/queries").query({ days: "400" }).set(staff.headers)).status).toBe(400)
    await staff.remove()
  })
})

/** A process holds its counts a few seconds before writing them (QUERY_LOG_FLUSH_MS). */
const searchesCounted = () => new Promise((resolve) => setTimeout(resolve, QUERY_LOG_FLUSH_MS + 1_000))
