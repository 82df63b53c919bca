import {
  LISTING_PAGE_SIZES,
  productPath,
  readSearchQuery,
  SEARCH_DEEPEST_OFFSET,
  SEARCH_SUGGESTIONS_MAX,
  searchPath,
  shelfOfTerms,
  shopPath,
  shopSectionWords,
  type ListProductsQuery,
  type ProductList,
  type SearchAnswer,
  type SearchFallback,
  type SearchQuery,
  type SearchQueryReading,
  type SearchShelf,
  type SearchSuggestAnswer,
  type SearchSuggestion,
  type ShopSection,
} from "@fitshop/contracts"
import { rupeesToPaise } from "../../lib/money.js"
import { answerData, type CachedAnswer, type CatalogCache, type CatalogService } from "../catalog/index.js"
import type { EngineHits, SearchEngine, SearchFilters, SearchTermGroup } from "./engine.js"
import { facetsOf } from "./facets.js"
import type { SearchQueryLog } from "./query-log.js"

const KNOWN_WORDS_KEY = "search:known-words"

/** Words past these many are not searched for: a shopper's query names a few things; a pasted paragraph finds by its first. */
export const MAX_GROUPS = 8
/** The narrower searches offered beside results ("hoodie in black", "hoodie for women"). */
const NARROWER_OFFERED = 4
/** Searches narrowed by colour suggested as a shopper types, before the section and the products. */
const COLOUR_SUGGESTIONS = 3

const SHELF_FIELDS = ["categoryType", "subcategory", "styleGroup"] as const
const URL_FILTERS = [
  "gender",
  "categoryType",
  "subcategory",
  "styleGroup",
  "priceRange",
  "collarStyle",
  "sleeveType",
  "fabric",
  "colorName",
  "seasonFit",
  "genre",
  "size",
] as const satisfies readonly (keyof SearchQuery & keyof SearchFilters)[]

/** The term groups of a reading, each with the shelf its garment names (up to MAX_GROUPS). */
const groupsOf = (reading: SearchQueryReading): SearchTermGroup[] =>
  reading.terms.slice(0, MAX_GROUPS).map((alternatives) => ({ alternatives, shelf: shelfOfTerms(alternatives) }))

/**
 * What every product found must be, and the shelf that ranks first. The words' gender, colour, fabric, genre, sleeve,
 * season and price must hold; a shelf named by a garment with its own words ("kurti") is found by those words or by the
 * shelf, so it only ranks; a shelf named with no words of its own ("bottoms", "ethnic") must hold. The address's filters
 * (the facets tapped) must hold and win over the words'.
 */
function filtersOf(reading: SearchQueryReading, groups: SearchTermGroup[], query?: Partial<SearchQuery>): { filters: SearchFilters; boost: SearchShelf } {
  const { minPrice, maxPrice, categoryType, subcategory, styleGroup, ...named } = reading.filters
  const shelf: SearchShelf = { categoryType, subcategory, styleGroup }
  const filters: SearchFilters = { ...named }
  const boost: SearchShelf = {}
  for (const field of SHELF_FIELDS) {
    if (shelf[field] === undefined) continue
    if (groups.some((group) => group.shelf?.[field] !== undefined)) Object.assign(boost, { [field]: shelf[field] })
    else Object.assign(filters, { [field]: shelf[field] })
  }
  if (minPrice !== undefined) filters.minPaise = rupeesToPaise(minPrice)
  if (maxPrice !== undefined) filters.maxPaise = rupeesToPaise(maxPrice)
  for (const key of URL_FILTERS) if (query?.[key] !== undefined) Object.assign(filters, { [key]: query[key] })
  return { filters, boost }
}

/** The shop's section nearest to what the words named: its subcategory or style group, for the gender named (men's by default). */
function nearestSection({ filters }: SearchQueryReading): ShopSection | null {
  const { gender, categoryType, subcategory, styleGroup } = filters
  if (gender === "WOMEN" || (!gender && styleGroup === "TRADITIONS" && !subcategory)) return { gender: "WOMEN", styleGroup }
  if (!categoryType && !subcategory) return gender ? { gender } : null
  return { gender: "MEN", categoryType, subcategory: categoryType ? subcategory : undefined }
}

const sectionListing = (section: ShopSection, limit: number): ListProductsQuery => ({
  gender: section.gender,
  categoryType: section.categoryType,
  subcategory: section.subcategory as ListProductsQuery["subcategory"],
  styleGroup: section.styleGroup,
  sort: "popular",
  limit,
  offset: 0,
})

const productsOf = (answer: CachedAnswer<ProductList>) => answerData(answer).products

type Deps = { engine: SearchEngine; catalog: Pick<CatalogService, "listProducts">; cache: CatalogCache; log: SearchQueryLog }

/**
 * Search: reads the words (contracts' vocabulary: synonyms, Hinglish, typos, prices), corrects them against the
 * catalogue's own words, asks the engine, and never ends in nothing: with no match, the nearest section's products or
 * only what's trending, saying so. Answers are cached with the catalogue's (emptied on any change); each first page
 * searched is counted for the console.
 */
export function createSearchService({ engine, catalog, cache, log }: Deps) {
  let words: { etag: string; known: ReadonlySet<string> } | null = null

  /** The catalogue's words, read once per catalogue version (kept with its answers, emptied on any change). */
  async function knownWords(): Promise<ReadonlySet<string>> {
    const answer = await cache.cached<string[]>(KNOWN_WORDS_KEY, async () => JSON.stringify(await engine.knownWords()), "search")
    if (words?.etag !== answer.etag) words = { etag: answer.etag, known: new Set(answerData(answer)) }
    return words.known
  }

  async function answer(query: SearchQuery): Promise<string> {
    const offset = query.cursor ?? 0
    const reading = readSearchQuery(query.q, { knownWords: await knownWords() })
    const groups = groupsOf(reading)
    const { filters, boost } = filtersOf(reading, groups, query)
    const found =
      groups.length || Object.keys(filters).length
        ? await engine.search({ groups, filters, boost, sort: query.sort, limit: query.limit, offset, facets: offset === 0 })
        : null
    const hits: EngineHits = found ?? { productsJson: "[]", total: 0, facets: facetsOf() }

    let products = hits.productsJson
    let fallback: SearchFallback | null = null
    let trending = "[]"
    let suggestions: SearchAnswer["suggestions"] = narrowerSearches(query, reading, hits)
    if (hits.total === 0 && offset === 0) {
      const section = nearestSection(reading)
      const near = section ? productsOf(await catalog.listProducts(sectionListing(section, query.limit))) : []
      if (section && near.length) {
        products = JSON.stringify(near)
        fallback = { kind: "category", message: `No results for “${query.q}”. Showing ${shopSectionWords(section)} instead.` }
        suggestions = [{ text: shopSectionWords(section), path: shopPath(section) }]
      } else {
        fallback = { kind: "trending", message: `No results for “${query.q}”. Here's what's trending.` }
      }
      const best = { sort: "popular", limit: LISTING_PAGE_SIZES.bestSellers, offset: 0, gender: reading.filters.gender } as const
      trending = JSON.stringify(productsOf(await catalog.listProducts(best)))
    }
    const next = offset + query.limit
    const nextCursor = hits.total > next && next <= SEARCH_DEEPEST_OFFSET ? String(next) : null
    // The total first: the query log reads it from a cached answer's opening bytes (totalOf).
    return `{"total":${hits.total},"query":${JSON.stringify(query.q)},"products":${products},"facets":${JSON.stringify(hits.facets)},"correctedQuery":${JSON.stringify(reading.corrected)},"suggestions":${JSON.stringify(suggestions)},"fallback":${JSON.stringify(fallback)},"trending":${trending},"nextCursor":${JSON.stringify(nextCursor)}}`
  }

  async function search(query: SearchQuery): Promise<CachedAnswer<SearchAnswer>> {
    const key = `search:${JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)))}`
    const cached = await cache.cached<SearchAnswer>(key, () => answer(query), "search")
    if (query.cursor === undefined) log.record(query.q, totalOf(cached) > 0)
    return cached
  }

  /** Suggestions for what is typed, cached with the catalogue's answers (a trailing space is part of the text: the last word is whole). */
  async function suggest(text: string): Promise<CachedAnswer<SearchSuggestAnswer>> {
    return cache.cached(`suggest:${text.toLowerCase()}${/\s$/.test(text) ? " " : ""}`, async () => JSON.stringify(await suggestions(text)), "search")
  }

  /**
   * Up to 8 completions of what is being typed: the words so far narrowed by a colour the shop has them in ("hoodie in
   * black"), the section they name, then products whose words start so. The last word is still being typed (a prefix)
   * unless a space follows it or it is a whole word of the vocabulary ("kurti", "kala").
   */
  async function suggestions(text: string): Promise<SearchSuggestAnswer> {
    const known = await knownWords()
    const words = text.trim().split(/\s+/)
    const last = words.at(-1)!
    const lastRead = readSearchQuery(last, { knownWords: known })
    const whole = /\s$/.test(text) || (lastRead.corrected === null && (Object.keys(lastRead.filters).length > 0 || lastRead.terms.some((g) => shelfOfTerms(g))))
    const read = readSearchQuery(whole ? text : words.slice(0, -1).join(" "), { knownWords: known })
    const groups = groupsOf(read)
    const { filters } = filtersOf(read, groups)
    const { products, colours } = await engine.suggest({
      groups,
      prefix: whole ? null : last,
      filters,
      limit: SEARCH_SUGGESTIONS_MAX,
      colours: whole && groups.length > 0 && !read.filters.colorName,
    })

    const suggestions: SearchSuggestion[] = []
    const suggested = (kind: SearchSuggestion["kind"], shown: string, path: string) =>
      suggestions.push({ kind, text: shown, path, imageUrl: null, price: null })
    for (const { colorName } of colours.slice(0, COLOUR_SUGGESTIONS)) {
      const narrower = `${text.trim()} in ${colorName.toLowerCase()}`
      suggested("query", narrower, searchPath(narrower))
    }
    const section = nearestSection(read)
    if (section && SHELF_FIELDS.some((field) => read.filters[field])) suggested("category", shopSectionWords(section), shopPath(section))
    for (const product of products.slice(0, SEARCH_SUGGESTIONS_MAX - suggestions.length)) {
      suggestions.push({ kind: "product", text: product.title, path: productPath(product.id), imageUrl: product.imageUrl, price: product.price })
    }
    return { suggestions }
  }

  return { search, suggest, queries: log.queries, flushQueries: log.flush }
}

/** A search answer's total, read from its opening bytes as answer() writes them (a whole parse for any other). */
function totalOf(answer: CachedAnswer<SearchAnswer>): number {
  const opening = /^\{"total":(\d+),/.exec(answer.body.subarray(0, 24).toString("latin1"))
  return opening ? Number(opening[1]) : answerData(answer).total
}

/** Searches narrower than this one that find something: by a colour the results come in, by the other gender's share. */
function narrowerSearches(query: SearchQuery, reading: SearchQueryReading, hits: EngineHits): SearchAnswer["suggestions"] {
  if (hits.total < 2) return []
  const narrower: string[] = []
  if (!reading.filters.colorName && !query.colorName) {
    for (const { value, count } of hits.facets.colorName) if (count < hits.total) narrower.push(`${query.q} in ${value.toLowerCase()}`)
  }
  if (!reading.filters.gender && !query.gender && hits.facets.gender.length > 1) {
    for (const { value } of hits.facets.gender) narrower.push(`${query.q} for ${value === "MEN" ? "men" : "women"}`)
  }
  return narrower.slice(0, NARROWER_OFFERED).map((text) => ({ text, path: searchPath(text) }))
}

export type SearchService = ReturnType<typeof createSearchService>
