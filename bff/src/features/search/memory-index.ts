import { PRICE_RANGES, SIZES, type SearchShelf, type SearchSort } from "@fitshop/contracts"
import { rupeesToPaise } from "../../lib/money.js"
import { LISTING_EQUALITY_FILTERS, sizeBit } from "../catalog/index.js"
import type { EngineSearch, EngineSuggest, EngineSuggestions, SearchFilters, SearchTermGroup } from "./engine.js"
import { facetsOf, priceRangeOf, type FacetRow } from "./facets.js"
import { FIELDS, fieldScore, SHELF_BOOST } from "./ranking.js"
import { groupPhrases, type PhraseWord } from "./tsquery.js"

/** What the index keeps of a product beside its words: what filters, facets, sorts and suggestions read. */
export type ProductAttributes = {
  id: string
  title: string
  imageUrl: string | null
  gender: string
  categoryType: string | null
  subcategory: string | null
  styleGroup: string | null
  genre: string | null
  colorName: string | null
  fabric: string | null
  collarStyle: string | null
  sleeveType: string | null
  seasonFit: string | null
  /** Microseconds since the epoch, as PostgreSQL keeps it (ties of newest are broken by id). */
  createdAt: number
}

/** What an order or a stock change moves: re-read on its own (migration 047's `figures`). */
export type ProductFigures = { id: string; basePrice: number; inStock: boolean; unitsSold: number; sizeMask: number }

/** A product as the index reads it: its search vectors as PostgreSQL prints them (`'hoodie':1A,5B 'black':9C`). */
export type IndexedProduct = ProductAttributes & ProductFigures & { searchMain: string; searchMore: string }

type Product = ProductAttributes & ProductFigures

const VECTORS = ["search_main", "search_more"] as const
const WEIGHTS = ["A", "B", "C", "D"] as const
/** A place of a lexeme: its position, vector and weight as one integer (position << 3 | vector << 2 | weight). */
const FIELD_BITS = 3
/** Codes stay below this (PostgreSQL keeps positions up to 16,383), so a product's index and a code make one key. */
const CODE_SPAN = 1 << (14 + FIELD_BITS)
const FIELD_MASK = (1 << FIELD_BITS) - 1

const fieldBit = (vector: (typeof VECTORS)[number], weight: (typeof WEIGHTS)[number]) => VECTORS.indexOf(vector) * WEIGHTS.length + WEIGHTS.indexOf(weight)
/** The score a group earns by the fields it was found in (a mask of a bit per field): its best field's, as ranking.ts counts. */
const SCORE_OF_MASK = Uint8Array.from({ length: 1 << (1 << FIELD_BITS) }, (_, mask) => {
  const field = FIELDS.findIndex(([vector, weight]) => mask & (1 << fieldBit(vector, weight)))
  return field < 0 ? 0 : fieldScore(field)
})
const TITLE_BIT = 1 << fieldBit(...FIELDS[0]!)

/** Each lexeme of a tsvector's text with its places' codes (PostgreSQL quotes lexemes, doubling quotes and backslashes). */
export function eachLexeme(text: string, vector: number, add: (lexeme: string, code: number) => void): void {
  let at = 0
  while (at < text.length) {
    if (text[at] !== "'") throw new Error(`unreadable tsvector at ${at}: ${text.slice(at, at + 20)}`)
    let lexeme = ""
    for (at += 1; at < text.length; at += 1) {
      const char = text[at]!
      if (char === "\\" || (char === "'" && text[at + 1] === "'")) lexeme += text[++at]
      else if (char === "'") break
      else lexeme += char
    }
    at += 1
    if (text[at] !== ":")
      add(lexeme, (vector << 2) | 3) // no position: PostgreSQL's weight D
    else {
      const end = text.indexOf(" ", at)
      for (const place of text.slice(at + 1, end < 0 ? undefined : end).split(",")) {
        const weight = /[ABC]$/.test(place) ? place.charCodeAt(place.length - 1) - 65 : 3
        add(lexeme, (Number.parseInt(place, 10) << FIELD_BITS) | (vector << 2) | weight)
      }
      at = end < 0 ? text.length : end
    }
    while (text[at] === " ") at += 1
  }
}

const byId = (a: Product, b: Product) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const newestFirst = (a: Product, b: Product) => b.createdAt - a.createdAt || byId(b, a)
const popularFirst = (a: Product, b: Product) => b.unitsSold - a.unitsSold || newestFirst(a, b)

/** The listing's sorts (catalog's LISTING_ORDER) and relevance (postgres-engine's), over products and their scores. */
const ORDERS: Record<SearchSort, (a: Product, b: Product, scoreA: number, scoreB: number) => number> = {
  relevance: (a, b, scoreA, scoreB) => scoreB - scoreA || Number(b.inStock) - Number(a.inStock) || popularFirst(a, b),
  popular: popularFirst,
  price_asc: (a, b) => a.basePrice - b.basePrice || byId(a, b),
  price_desc: (a, b) => b.basePrice - a.basePrice || byId(b, a),
  newest: newestFirst,
}

type Matches = { products: Product[]; scores: number[] }

/**
 * The catalogue's words as an inverted index, with what filters, ranks and counts its products: a search is a few map
 * reads and a sort of the matches, with no round trip. Means what postgres-engine.ts means (engine-parity.test.ts).
 */
export class SearchIndex {
  private readonly products: Product[]
  private readonly byProductId: Map<string, Product>
  /** Each lexeme's places: pairs of (product's index, code). */
  private readonly postings = new Map<string, Int32Array>()
  /** The lexemes in order, for prefixes. */
  private readonly lexemes: string[]

  constructor(indexed: readonly IndexedProduct[]) {
    const building = new Map<string, number[]>()
    this.products = indexed.map(({ searchMain, searchMore, ...product }, index) => {
      ;[searchMain, searchMore].forEach((text, vector) =>
        eachLexeme(text, vector, (lexeme, code) => {
          const places = building.get(lexeme)
          if (places) places.push(index, code)
          else building.set(lexeme, [index, code])
        }),
      )
      return product
    })
    for (const [lexeme, places] of building) this.postings.set(lexeme, Int32Array.from(places))
    this.lexemes = [...building.keys()].sort()
    this.byProductId = new Map(this.products.map((product) => [product.id, product]))
  }

  get size(): number {
    return this.products.length
  }

  /** Takes new prices, stock, sizes and units sold for the products named (others as they were). */
  setFigures(figures: readonly ProductFigures[]): void {
    for (const { id, ...changed } of figures) {
      const product = this.byProductId.get(id)
      if (product) Object.assign(product, changed)
    }
  }

  search({ groups, filters, boost, sort, limit, offset, facets }: EngineSearch) {
    const { products, scores } = this.matching(groups, filters, boost)
    const order = ORDERS[sort]
    const ranked = products.map((_, at) => at).sort((a, b) => order(products[a]!, products[b]!, scores[a]!, scores[b]!))
    return {
      ids: ranked.slice(offset, offset + limit).map((at) => products[at]!.id),
      total: products.length,
      facets: facetsOf(facets ? facetRows(products) : undefined),
    }
  }

  /** Products found by the words so far and the word being typed (its title's words rank them), and the colours they come in. */
  suggest({ groups, prefix, filters, limit, colours }: EngineSuggest): EngineSuggestions {
    const all = prefix ? [...groups, { alternatives: [prefix], shelf: null }] : groups
    const { products, scores } = this.matching(all, filters, {}, { prefixLast: prefix !== null, titleOnly: true })
    const ranked = products.map((_, at) => at).sort((a, b) => ORDERS.relevance(products[a]!, products[b]!, scores[a]!, scores[b]!))
    return {
      products: ranked.slice(0, limit).map((at) => {
        const { id, title, imageUrl, basePrice } = products[at]!
        return { id, title, imageUrl, price: basePrice }
      }),
      colours: colours ? colourCounts(products) : [],
    }
  }

  /**
   * The products every group is found in (any field) and the filters allow, each with its score: the field each group
   * is found in (for suggestions, only whether it is in the title), and the boost for the shelf named.
   */
  private matching(groups: readonly SearchTermGroup[], filters: SearchFilters, boost: SearchShelf, { prefixLast = false, titleOnly = false } = {}): Matches {
    let found: Map<number, number> | null = null
    groups.forEach((group, index) => {
      const masks = this.groupMasks(group, prefixLast && index === groups.length - 1)
      if (!masks) return
      const scored = new Map<number, number>()
      for (const [product, score] of found ?? masks) {
        const mask = masks.get(product)
        if (mask === undefined) continue
        const earned = titleOnly ? (mask & TITLE_BIT ? fieldScore(0) : 0) : SCORE_OF_MASK[mask]!
        scored.set(product, (found ? score : 0) + earned)
      }
      found = scored
    })
    const allowed = allows(filters)
    const boosted = onShelf(boost)
    const matches: Matches = { products: [], scores: [] }
    const add = (product: Product, score: number) => {
      if (!allowed(product)) return
      matches.products.push(product)
      matches.scores.push(score + (boosted?.(product) ? SHELF_BOOST : 0))
    }
    if (found) for (const [product, score] of found as Map<number, number>) add(this.products[product]!, score)
    else for (const product of this.products) add(product, 0)
    return matches
  }

  /** The fields (as a mask of bits) each product holds a group in, any of its phrases; null for a group with no words. */
  private groupMasks(group: SearchTermGroup, prefixLast: boolean): Map<number, number> | null {
    const phrases = groupPhrases(group.alternatives, { prefixLast })
    if (!phrases.length) return null
    const masks = new Map<number, number>()
    for (const [first, ...rest] of phrases) {
      let places = this.places(first!)
      // A phrase's next word at the next position of the same field (a field's words are never adjacent to another's).
      rest.forEach((word, step) => {
        const next = new Set<number>()
        const found = this.places(word)
        for (let at = 0; at < found.length; at += 2) next.add(found[at]! * CODE_SPAN + found[at + 1]!)
        const kept: number[] = []
        const shift = (step + 1) << FIELD_BITS
        for (let at = 0; at < places.length; at += 2) {
          if (next.has(places[at]! * CODE_SPAN + places[at + 1]! + shift)) kept.push(places[at]!, places[at + 1]!)
        }
        places = kept
      })
      for (let at = 0; at < places.length; at += 2) masks.set(places[at]!, (masks.get(places[at]!) ?? 0) | (1 << (places[at + 1]! & FIELD_MASK)))
    }
    return masks
  }

  /** Where a word is: any of its forms, or any lexeme they start when it is a prefix; pairs of (product, code). */
  private places({ forms, prefix }: PhraseWord): ArrayLike<number> {
    const lists: Int32Array[] = []
    for (const form of forms) {
      if (!prefix) {
        const list = this.postings.get(form)
        if (list) lists.push(list)
        continue
      }
      for (let at = lowerBound(this.lexemes, form); at < this.lexemes.length && this.lexemes[at]!.startsWith(form); at += 1) {
        lists.push(this.postings.get(this.lexemes[at]!)!)
      }
    }
    if (lists.length === 1) return lists[0]!
    const joined: number[] = []
    for (const list of lists) for (const value of list) joined.push(value)
    return joined
  }
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle]! < value) low = middle + 1
    else high = middle
  }
  return low
}

/** The filters as a test of a product: the listing's (as catalog's listingWhere reads them), a size in stock, a price in paise. */
function allows({ size, minPaise, maxPaise, priceRange, ...listing }: SearchFilters): (product: Product) => boolean {
  const equal = Object.keys(LISTING_EQUALITY_FILTERS).flatMap((field) => {
    const value = listing[field as keyof typeof LISTING_EQUALITY_FILTERS]
    return value === undefined ? [] : [[field as keyof typeof LISTING_EQUALITY_FILTERS, value] as const]
  })
  const [rangeMin, rangeMax] = priceRange ? PRICE_RANGES[priceRange] : [null, null]
  const bit = size ? sizeBit(size) : 0
  return (product) =>
    equal.every(([field, value]) => product[field] === value) &&
    (!size || (product.sizeMask & bit) !== 0) &&
    (minPaise === undefined || product.basePrice >= minPaise) &&
    (maxPaise === undefined || product.basePrice <= maxPaise) &&
    (rangeMin === null || product.basePrice >= rupeesToPaise(rangeMin)) &&
    (rangeMax === null || product.basePrice < rupeesToPaise(rangeMax))
}

/** Whether a product is on a shelf (each of its named fields); null for a shelf naming nothing. */
function onShelf(shelf: SearchShelf): ((product: Product) => boolean) | null {
  const named = (["categoryType", "subcategory", "styleGroup"] as const).filter((field) => shelf[field] !== undefined)
  return named.length ? (product) => named.every((field) => product[field] === shelf[field]) : null
}

/** Every facet's counts over the matches, as rows for facetsOf. */
function facetRows(products: readonly Product[]): FacetRow[] {
  const counts = new Map<string, number>()
  const count = (facet: FacetRow[0], value: string | null) => {
    if (value !== null) counts.set(`${facet}\u0000${value}`, (counts.get(`${facet}\u0000${value}`) ?? 0) + 1)
  }
  for (const product of products) {
    count("gender", product.gender)
    count("categoryType", product.categoryType)
    count("subcategory", product.subcategory)
    count("colorName", product.colorName)
    count("fabric", product.fabric)
    count("priceRange", priceRangeOf(product.basePrice))
    for (const size of SIZES) if (product.sizeMask & sizeBit(size)) count("size", size)
  }
  return [...counts].map(([key, n]) => {
    const [facet, value] = key.split("\u0000") as [FacetRow[0], string]
    return [facet, value, n]
  })
}

/** The colours the matches come in, most first (then by name). */
function colourCounts(products: readonly Product[]): { colorName: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const { colorName } of products) if (colorName !== null) counts.set(colorName, (counts.get(colorName) ?? 0) + 1)
  return [...counts].map(([colorName, count]) => ({ colorName, count })).sort((a, b) => b.count - a.count || (a.colorName < b.colorName ? -1 : 1))
}
