import { randomBytes, randomInt } from "node:crypto"
import { PRICE_RANGE_ORDER, SEARCH_SORTS, type Product, type SearchQuery } from "@fitshop/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { SEARCH_QUERY_SET } from "../../../test/search-query-set.js"
import { answerOf, noCatalogCache } from "../catalog/index.js"
import { databaseClock, deleteProducts, upsertProducts } from "../catalog/read-model.js"
import type { EngineHits, EngineSearch, EngineSuggest, EngineSuggestions, SearchEngine } from "./engine.js"
import { memorySearchEngine } from "./memory-engine.js"
import { postgresSearchEngine } from "./postgres-engine.js"
import { searchQueryLog } from "./query-log.js"
import { createSearchService } from "./service.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let memory: SearchEngine
let postgres: SearchEngine
let compared = 0

const pageIds = (hits: EngineHits) => (JSON.parse(hits.productsJson) as { id: string }[]).map((product) => product.id)

/**
 * Both engines asked the same, their answers compared: the same page in the same order, total and facets; the same
 * suggestions and colours. Other test files change the catalogue meanwhile, so a difference is asked again before it
 * counts (a real one stays).
 */
async function bothAgree<A>(asked: unknown, ask: (engine: SearchEngine) => Promise<A>, view: (answer: A) => unknown): Promise<A> {
  for (let tries = 1; ; tries += 1) {
    const [fromMemory, fromPostgres] = await Promise.all([ask(memory), ask(postgres)])
    if (tries === 3 || JSON.stringify(view(fromMemory)) === JSON.stringify(view(fromPostgres))) {
      expect(view(fromMemory), JSON.stringify(asked)).toEqual(view(fromPostgres))
      compared += 1
      return fromPostgres
    }
  }
}

const comparing: SearchEngine = {
  search: (query: EngineSearch) =>
    bothAgree(
      query,
      (engine) => engine.search(query),
      (hits: EngineHits) => ({ ids: pageIds(hits), total: hits.total, facets: hits.facets }),
    ),
  suggest: (query: EngineSuggest) =>
    bothAgree(
      query,
      (engine) => engine.suggest(query),
      (answer: EngineSuggestions) => answer,
    ),
  knownWords: () => postgres.knownWords(),
}

beforeAll(async () => {
  ctx = await createTestApp()
  await ctx.sync.rebuild()
  memory = memorySearchEngine(ctx.db)
  postgres = postgresSearchEngine(ctx.db)
})
afterAll(() => ctx.close())

function service() {
  // The fallbacks' listings are not the engines' business: they answer nothing here.
  const catalog = { listProducts: async () => answerOf<never>('{"products":[],"total":0}') }
  return createSearchService({
    engine: comparing,
    catalog,
    cache: noCatalogCache,
    log: searchQueryLog({ db: ctx.db, logger: { error: () => undefined } as never }),
  })
}

const query = (q: string, more: Partial<SearchQuery> = {}): SearchQuery => ({ q, limit: 24, sort: "relevance", ...more })

describe("the memory engine answers as the PostgreSQL engine does", () => {
  it("for every query of the query set, every sort, and the pages after the first", async () => {
    const search = service()
    for (const [text] of SEARCH_QUERY_SET) {
      for (const sort of SEARCH_SORTS) await search.search(query(text, { sort }))
      await search.search(query(text, { limit: 5, cursor: 5 }))
    }
    expect(compared).toBeGreaterThan(SEARCH_QUERY_SET.length * SEARCH_SORTS.length)
  })

  it("with the address's filters on top: gender, shelf, colour, size, price range", async () => {
    const search = service()
    for (const text of ["hoodie", "tee", "jeans", "kurta", "black", "cotton", "pants under 1500"]) {
      await search.search(query(text, { gender: "WOMEN" }))
      await search.search(query(text, { categoryType: "LOWERS", sort: "price_asc" }))
      await search.search(query(text, { colorName: "Black", size: "M" }))
      for (const priceRange of PRICE_RANGE_ORDER) await search.search(query(text, { priceRange, sort: "newest" }))
    }
  })

  it("for suggestions at every keystroke", async () => {
    const search = service()
    for (const typed of ["black hoodie", "oversized tee", "kurti", "cargo pants", "kala hood", "denim jacket", "zzzq"]) {
      for (let end = 2; end <= typed.length; end += 1) await search.suggest(typed.slice(0, end))
      await search.suggest(`${typed} `)
    }
  })
})

describe("the memory engine follows the catalogue", () => {
  const madeUpWord = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + randomInt(26))).join("")
  const ask = (word: string, more: Partial<EngineSearch> = {}): EngineSearch => ({
    groups: [{ alternatives: [word], shelf: null }],
    filters: {},
    boost: {},
    sort: "relevance",
    limit: 24,
    offset: 0,
    facets: true,
    ...more,
  })
  async function madeUp(...titles: string[]): Promise<Product[]> {
    const { rows } = await ctx.db.query<{ document: Product }>("select document from bff.catalog_documents limit 1")
    return titles.map((title) => {
      const id = `prod_${randomBytes(13).toString("hex").toUpperCase()}`
      return { ...rows[0]!.document, id, handle: id.toLowerCase(), title }
    })
  }

  it("finds a product as soon as its words are written, and no longer once it is gone", async () => {
    const word = madeUpWord()
    expect((await memory.search(ask(word))).total).toBe(0)
    const [product] = await madeUp(`The ${word} Hoodie`)
    await upsertProducts(ctx.db, [product!], await databaseClock(ctx.db))
    const found = await memory.search(ask(word))
    expect(found.total).toBe(1)
    expect(pageIds(found)).toEqual([product!.id])
    expect((await memory.suggest({ groups: [], prefix: word.slice(0, 4), filters: {}, limit: 8, colours: false })).products.map((p) => p.id)).toContain(
      product!.id,
    )

    await deleteProducts(ctx.db, [product!.id])
    expect((await memory.search(ask(word))).total).toBe(0)
  })

  it("ranks by units sold and stock as they are now", async () => {
    const word = madeUpWord()
    const [first, second] = (await madeUp(`${word} Tee One`, `${word} Tee Two`)) as [Product, Product]
    await upsertProducts(ctx.db, [first, second], await databaseClock(ctx.db))
    // As the sales refresh writes them, for these two only (setUnitsSold rewrites every product's).
    const sold = (id: string, units: number) => ctx.db.query("update bff.catalog_products set units_sold_30d = $2 where id = $1", [id, units])
    await sold(second.id, 900)
    expect(pageIds(await memory.search(ask(word, { sort: "popular" })))).toEqual([second.id, first.id])
    await sold(first.id, 901)
    expect(pageIds(await memory.search(ask(word, { sort: "popular" })))).toEqual([first.id, second.id])

    await upsertProducts(ctx.db, [{ ...first, availableSizes: [] }], await databaseClock(ctx.db))
    const sizes = await memory.search(ask(word))
    expect(pageIds(sizes)).toEqual([second.id, first.id])
    expect(sizes.facets.size.reduce((sum, size) => sum + size.count, 0)).toBe(second.availableSizes.length)
    await deleteProducts(ctx.db, [first.id, second.id])
  })
})
