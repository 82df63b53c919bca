import { PRICE_RANGE_ORDER, PRICE_RANGES, SIZES, type SearchShelf, type SearchSort } from "@fitshop/contracts"
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
    let close = text.indexOf("'", at + 1)
    let lexeme = text.slice(at + 1, close)
    if (close < 0 || text[close + 1] === "'" || lexeme.includes("\\")) {
      // Quoted quotes or backslashes (never in the catalogue's own words): read a character at a time.
      lexeme = ""
      for (close = at + 1; close < text.length; close += 1) {
        const char = text[close]!
        if (char === "\\" || (char === "'" && text[close + 1] === "'")) lexeme += text[++close]
        else if (char === "'") break
        else lexeme += char
      }
    }
    at = close + 1
    if (text[at] !== ":")
      add(lexeme, (vector << 2) | 3) // no position: PostgreSQL's weight D
    else {
      // Positions as digits, each with its weight's letter (PostgreSQL writes none for D), separated by commas.
      let position = 0
      for (at += 1; at <= text.length; at += 1) {
        const char = text.charCodeAt(at)
        if (char >= 48 && char <= 57) position = position * 10 + char - 48
        else {
          const letter = char >= 65 && char <= 68 // A to D
          add(lexeme, (position << FIELD_BITS) | (vector << 2) | (letter ? char - 65 : 3))
          position = 0
          if (letter) at += 1
          if (text[at] !== ",") break
        }
      }
    }
    while (text[at] === " ") at += 1
  }
}

const byId = (a: Product, b: Product) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const newestFirst = (a: Product, b: Product) => b.createdAt - a.createdAt || byId(b, a)

/** The listing's sorts (catalog's LISTING_ORDER) as comparisons of products: each ranks the catalogue once per index state. */
const LISTING_ORDERS: Record<Exclude<SearchSort, "relevance">, (a: Product, b: Product) => number> = {
  popular: (a, b) => b.unitsSold - a.unitsSold || newestFirst(a, b),
  price_asc: (a, b) => a.basePrice - b.basePrice || byId(a, b),
  price_desc: (a, b) => b.basePrice - a.basePrice || byId(b, a),
  newest: newestFirst,
}
/** No score reaches this (MAX_GROUPS words and a prefix, 12 each, and the shelf's 1): relevance keys stay positive. */
const SCORE_CEILING = 1_000

/** The matches: each product's index in the catalogue and its score, in step. */
type Matches = { at: number[]; scores: number[] }

/**
 * The catalogue's words as an inverted index, with what filters, ranks and counts its products: a search is a few map
 * reads and a sort of the matches, with no round trip. Means what postgres-engine.ts means (engine-parity.test.ts).
 */
export class SearchIndex {
  private readonly products: Product[]
  /** Each product's index by its id. */
  private readonly byProductId: Map<string, number>
  /** Each lexeme's places: pairs of (product's index, code). */
  private readonly postings = new Map<string, Int32Array>()
  /** The lexemes in order, for prefixes. */
  private readonly lexemes: string[]
  /** Each listing sort's place of every product (0 first), and the products in that order; ranked when first asked after a change of figures. */
  private ranks: Partial<Record<keyof typeof LISTING_ORDERS, { rank: Int32Array; order: Int32Array }>> = {}
  /** Each product's price range, as an index into PRICE_RANGE_ORDER (kept with its figures). */
  private readonly priceRanges: Uint8Array
  /** Each counted facet's values, and every product's value as an index into them (-1: none). */
  private readonly facetValues: Record<(typeof INTERNED_FACETS)[number], { values: string[]; of: Int32Array }>

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
    this.byProductId = new Map(this.products.map((product, at) => [product.id, at]))
    this.priceRanges = Uint8Array.from(this.products, (product) => PRICE_RANGE_ORDER.indexOf(priceRangeOf(product.basePrice)))
    this.facetValues = Object.fromEntries(
      INTERNED_FACETS.map((facet) => [facet, interned(this.products.map((product) => product[facet]))]),
    ) as SearchIndex["facetValues"]
  }

  /** How much it holds: products, distinct lexemes, and places (each 8 bytes in the postings). */
  stats(): { products: number; lexemes: number; places: number } {
    let places = 0
    for (const list of this.postings.values()) places += list.length / 2
    return { products: this.products.length, lexemes: this.lexemes.length, places }
  }

  /** Takes new prices, stock, sizes and units sold for the products named (others as they were). */
  setFigures(figures: readonly ProductFigures[]): void {
    for (const { id, ...changed } of figures) {
      const at = this.byProductId.get(id)
      if (at === undefined) continue
      Object.assign(this.products[at]!, changed)
      this.priceRanges[at] = PRICE_RANGE_ORDER.indexOf(priceRangeOf(changed.basePrice))
    }
    this.ranks = {}
  }

  /** A listing sort's ranking of the whole catalogue, kept until the figures change. */
  private ranking(sort: keyof typeof LISTING_ORDERS): { rank: Int32Array; order: Int32Array } {
    const kept = this.ranks[sort]
    if (kept) return kept
    const compare = LISTING_ORDERS[sort]
    const order = Int32Array.from(this.products.keys()).sort((a, b) => compare(this.products[a]!, this.products[b]!))
    const rank = new Int32Array(order.length)
    order.forEach((product, place) => (rank[product] = place))
    return (this.ranks[sort] = { rank, order })
  }

  /**
   * The matches in a sort's order, the first `count` of them: each match's key is a number whose order is the sort's
   * (relevance: the score, then in stock, then popular's rank; a listing sort: its rank), so a numeric sort ranks them.
   */
  private ranked({ at, scores }: Matches, sort: SearchSort, count: number): number[] {
    const n = this.products.length
    const { rank, order } = this.ranking(sort === "relevance" ? "popular" : sort)
    const keys = new Float64Array(at.length)
    at.forEach((product, i) => {
      keys[i] = sort === "relevance" ? ((SCORE_CEILING - scores[i]!) * 2 + (this.products[product]!.inStock ? 0 : 1)) * n + rank[product]! : rank[product]!
    })
    keys.sort()
    return Array.from(keys.subarray(0, count), (key) => order[key % n]!)
  }

  search({ groups, filters, boost, sort, limit, offset, facets }: EngineSearch) {
    const matches = this.matching(groups, filters, boost)
    return {
      ids: this.ranked(matches, sort, offset + limit)
        .slice(offset)
        .map((product) => this.products[product]!.id),
      total: matches.at.length,
      facets: facetsOf(facets ? this.facetRows(matches.at) : undefined),
    }
  }

  /** Products found by the words so far and the word being typed (its title's words rank them), and the colours they come in. */
  suggest({ groups, prefix, filters, limit, colours }: EngineSuggest): EngineSuggestions {
    const all = prefix ? [...groups, { alternatives: [prefix], shelf: null }] : groups
    const matches = this.matching(all, filters, {}, { prefixLast: prefix !== null, titleOnly: true })
    return {
      products: this.ranked(matches, "relevance", limit).map((product) => {
        const { id, title, imageUrl, basePrice } = this.products[product]!
        return { id, title, imageUrl, price: basePrice }
      }),
      colours: colours ? this.colourCounts(matches.at) : [],
    }
  }

  /**
   * The products every group is found in (any field) and the filters allow, each with its score: the field each group
   * is found in (for suggestions, only whether it is in the title), and the boost for the shelf named.
   */
  private matching(groups: readonly SearchTermGroup[], filters: SearchFilters, boost: SearchShelf, { prefixLast = false, titleOnly = false } = {}): Matches {
    let found: number[] | null = null
    const scores = new Int32Array(this.products.length)
    groups.forEach((group, index) => {
      const masks = this.groupMasks(group, prefixLast && index === groups.length - 1)
      if (!masks) return
      const kept: number[] = []
      for (const product of found ?? masks.found) {
        const mask = masks.of[product]!
        if (mask === 0) continue
        scores[product]! += titleOnly ? (mask & TITLE_BIT ? fieldScore(0) : 0) : SCORE_OF_MASK[mask]!
        kept.push(product)
      }
      found = kept
    })
    const allowed = allows(filters)
    const boosted = onShelf(boost)
    const matches: Matches = { at: [], scores: [] }
    const add = (at: number) => {
      const product = this.products[at]!
      if (!allowed(product)) return
      matches.at.push(at)
      matches.scores.push(scores[at]! + (boosted?.(product) ? SHELF_BOOST : 0))
    }
    if (found) for (const at of found as number[]) add(at)
    else for (let at = 0; at < this.products.length; at += 1) add(at)
    return matches
  }

  /** Every facet's counts over the matches, as rows for facetsOf. */
  private facetRows(at: readonly number[]): FacetRow[] {
    const rows: FacetRow[] = []
    for (const facet of INTERNED_FACETS) {
      const { values } = this.facetValues[facet]
      this.valueCounts(facet, at).forEach((count, value) => count > 0 && rows.push([facet, values[value]!, count]))
    }
    const ranges = new Int32Array(PRICE_RANGE_ORDER.length)
    const sizes = new Int32Array(SIZES.length)
    for (const product of at) {
      ranges[this.priceRanges[product]!]! += 1
      const { sizeMask } = this.products[product]!
      for (let size = 0; size < SIZES.length; size += 1) if (sizeMask & (1 << size)) sizes[size]! += 1
    }
    ranges.forEach((count, range) => count > 0 && rows.push(["priceRange", PRICE_RANGE_ORDER[range]!, count]))
    sizes.forEach((count, size) => count > 0 && rows.push(["size", SIZES[size]!, count]))
    return rows
  }

  /** How many of the matches have each of a facet's values (by the value's index). */
  private valueCounts(facet: (typeof INTERNED_FACETS)[number], at: readonly number[]): Int32Array {
    const { values, of } = this.facetValues[facet]
    const counts = new Int32Array(values.length)
    for (const product of at) if (of[product]! >= 0) counts[of[product]!]! += 1
    return counts
  }

  /** The colours the matches come in, most first (then by name). */
  private colourCounts(at: readonly number[]): { colorName: string; count: number }[] {
    const counts = this.valueCounts("colorName", at)
    return this.facetValues.colorName.values
      .map((colorName, value) => ({ colorName, count: counts[value]! }))
      .filter(({ count }) => count > 0)
      .sort((a, b) => b.count - a.count || (a.colorName < b.colorName ? -1 : 1))
  }

  /** The fields (as a mask of bits, 0 for none) each product holds a group in, any of its phrases, and the products found; null for a group with no words. */
  private groupMasks(group: SearchTermGroup, prefixLast: boolean): { of: Uint8Array; found: number[] } | null {
    const phrases = groupPhrases(group.alternatives, { prefixLast })
    if (!phrases.length) return null
    const of = new Uint8Array(this.products.length)
    const found: number[] = []
    for (const [first, ...rest] of phrases) {
      let lists: ArrayLike<number>[] = this.places(first!)
      // A phrase's next word at the next position of the same field (a field's words are never adjacent to another's).
      rest.forEach((word, step) => {
        const next = new Set<number>()
        for (const list of this.places(word)) for (let at = 0; at < list.length; at += 2) next.add(list[at]! * CODE_SPAN + list[at + 1]!)
        const kept: number[] = []
        const shift = (step + 1) << FIELD_BITS
        for (const list of lists) {
          for (let at = 0; at < list.length; at += 2) if (next.has(list[at]! * CODE_SPAN + list[at + 1]! + shift)) kept.push(list[at]!, list[at + 1]!)
        }
        lists = [kept]
      })
      for (const list of lists) {
        for (let at = 0; at < list.length; at += 2) {
          const product = list[at]!
          if (of[product] === 0) found.push(product)
          of[product]! |= 1 << (list[at + 1]! & FIELD_MASK)
        }
      }
    }
    return { of, found }
  }

  /** Where a word is: the places of each of its forms, or of each lexeme they start when it is a prefix; pairs of (product, code). */
  private places({ forms, prefix }: PhraseWord): Int32Array[] {
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
    return lists
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
  const fields: (keyof typeof LISTING_EQUALITY_FILTERS)[] = []
  const values: string[] = []
  for (const field of Object.keys(LISTING_EQUALITY_FILTERS) as (keyof typeof LISTING_EQUALITY_FILTERS)[]) {
    if (listing[field] === undefined) continue
    fields.push(field)
    values.push(listing[field])
  }
  const [rangeMin, rangeMax] = priceRange ? PRICE_RANGES[priceRange] : [null, null]
  const least = Math.max(minPaise ?? 0, rangeMin === null ? 0 : rupeesToPaise(rangeMin))
  const most = Math.min(maxPaise ?? Infinity, rangeMax === null ? Infinity : rupeesToPaise(rangeMax) - 1)
  const bit = size ? sizeBit(size) : 0
  return (product) => {
    for (let at = 0; at < fields.length; at += 1) if (product[fields[at]!] !== values[at]) return false
    return (bit === 0 || (product.sizeMask & bit) !== 0) && product.basePrice >= least && product.basePrice <= most
  }
}

/** Whether a product is on a shelf (each of its named fields); null for a shelf naming nothing. */
function onShelf(shelf: SearchShelf): ((product: Product) => boolean) | null {
  const named = (["categoryType", "subcategory", "styleGroup"] as const).filter((field) => shelf[field] !== undefined)
  return named.length ? (product) => named.every((field) => product[field] === shelf[field]) : null
}

/** The facets counted from each product's value (the price range and sizes are figures, read as they are). */
const INTERNED_FACETS = ["gender", "categoryType", "subcategory", "colorName", "fabric"] as const

/** Distinct values, and each of `all` as an index into them (-1 for null). */
function interned(all: readonly (string | null)[]): { values: string[]; of: Int32Array } {
  const index = new Map<string, number>()
  const of = Int32Array.from(all, (value) => {
    if (value === null) return -1
    let at = index.get(value)
    if (at === undefined) index.set(value, (at = index.size))
    return at
  })
  return { values: [...index.keys()], of }
}
