import { SUBCATEGORIES } from "./catalog-vocabulary.js"
import {
  SEARCH_CURRENCY_WORDS,
  SEARCH_PRICE_WORDS,
  SEARCH_STOP_WORDS,
  SEARCH_VOCABULARY,
  type SearchVocabularyEntry,
  type SearchWordMeaning,
} from "./search-vocabulary.js"

/** What a query asks for in the catalogue's values, under the listing's filter names; prices are inclusive, in rupees. */
export type SearchFilters = Omit<SearchWordMeaning, "terms"> & { minPrice?: number; maxPrice?: number }

/**
 * A query as search understands it. Gender, colour, fabric, genre, sleeve, season and price are what the shopper
 * asked for. A garment's category type, subcategory and style group are the shelf the shop files it on; a title may
 * name a garment from another shelf (the women's "Slouchy Cargo Pants" are Loose fit), so an engine should rank by
 * the shelf and the terms together rather than leave out the other shelves.
 */
export type SearchQueryReading = {
  filters: SearchFilters
  /** The words for full-text search, one group per word typed: a group's words are alternatives ("kurta", "kurti"). */
  terms: string[][]
  /** The query as read, when a word was corrected ("kala hoddie" -> "kala hoodie"); null otherwise. */
  corrected: string | null
}

export type ReadSearchQueryOptions = {
  /**
   * Words the catalogue's titles use (searchWords' forms): never corrected to a near vocabulary word ("block" print is
   * not "black"), and what a word that is neither may be corrected to ("nightshfit" -> "nightshift").
   */
  knownWords?: ReadonlySet<string>
}

/** Lower-case words separated by single spaces: punctuation read away, "₹" as "rs", "₹500-1000" as "500 to 1000". */
function normaliseSearchText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - 0x0966))
    .replace(/\u200c|\u200d|['‘’`]/g, "")
    .replace(/₹/g, " rs ")
    .replace(/(\d),(?=\d)/g, "$1")
    .replace(/(\d+(?:\.\d+)?)\s*k\b/g, (_, amount: string) => String(Math.round(Number(amount) * 1000)))
    .replace(/(\d)\s*[-–—~]\s*(?=(?:rs\.?\s*)?\d)/g, "$1 to ")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim()
}

const toWords = (text: string): string[] => normaliseSearchText(text).split(" ").filter(Boolean)

const STOP_WORDS = new Set(SEARCH_STOP_WORDS.map(normaliseSearchText))
const CURRENCY_WORDS = new Set(SEARCH_CURRENCY_WORDS.map(normaliseSearchText))
const PRICE_PHRASES = Object.fromEntries(Object.entries(SEARCH_PRICE_WORDS).map(([kind, phrases]) => [kind, phrases.map(toWords)])) as Record<
  keyof typeof SEARCH_PRICE_WORDS,
  string[][]
>

/** Every vocabulary word, normalised: phrases of several words apart, and the single words a typo may be near. */
const PHRASES = new Map<string, SearchVocabularyEntry>()
const WORDS = new Map<string, SearchVocabularyEntry>()
for (const entry of SEARCH_VOCABULARY) {
  for (const word of entry.words) {
    const normal = normaliseSearchText(word)
    ;(normal.includes(" ") ? PHRASES : WORDS).set(normal, entry)
  }
}
const LONGEST_PHRASE = Math.max(...[...PHRASES.keys()].map((phrase) => phrase.split(" ").length))
const NEAR_CANDIDATES = [...WORDS.entries()].map(([word, entry]) => ({ word, letters: [...word], entry })).filter(({ letters }) => letters.length >= 4)

/** Reads what a shopper typed into the catalogue's filters and the words left for full-text search. Pure; any text is safe. */
export function readSearchQuery(text: string, options: ReadSearchQueryOptions = {}): SearchQueryReading {
  const words = toWords(text).filter((word) => !CURRENCY_WORDS.has(word))
  const asRead = [...words]
  const { prices, spent } = readPrices(words)
  const meanings: SearchWordMeaning[] = []
  const terms: string[][] = []
  let corrected = false
  const read = (entry: SearchVocabularyEntry) => {
    meanings.push(entry)
    if (entry.terms) addTerms(entry.terms)
  }
  const addTerms = (group: readonly string[]) => {
    if (!terms.some((known) => known.join() === group.join())) terms.push([...group])
  }

  for (let at = 0; at < words.length;) {
    if (spent.has(at)) {
      at += 1
      continue
    }
    const phrase = phraseAt(words, at, spent)
    if (phrase) {
      read(phrase.entry)
      at += phrase.length
      continue
    }
    const word = words[at]!
    at += 1
    if (STOP_WORDS.has(word) || word.length < 2) continue
    const exact = [word, ...singulars(word)].map((form) => WORDS.get(form)).find(Boolean)
    const near = exact ? undefined : nearestWord(word, options.knownWords)
    if (near) {
      asRead[at - 1] = near.word
      corrected = true
    }
    const entry = exact ?? near?.entry
    if (entry) {
      read(entry)
      continue
    }
    const known = options.knownWords && !options.knownWords.has(word) ? nearestKnownWord(word, options.knownWords) : null
    if (known) {
      asRead[at - 1] = known
      corrected = true
    }
    addTerms([singular(known ?? word)])
  }
  return { filters: { ...agreedFilters(meanings), ...prices }, terms, corrected: corrected ? asRead.join(" ") : null }
}

/** The longest vocabulary phrase starting at `at` (its last word may be plural: "track pants"). */
function phraseAt(words: string[], at: number, spent: ReadonlySet<number>): { entry: SearchVocabularyEntry; length: number } | null {
  for (let length = Math.min(LONGEST_PHRASE, words.length - at); length >= 2; length -= 1) {
    const span = words.slice(at, at + length)
    if (span.some((_, i) => spent.has(at + i))) continue
    const last = span.pop()!
    for (const form of [last, ...singulars(last)]) {
      const entry = PHRASES.get([...span, form].join(" "))
      if (entry) return { entry, length }
    }
  }
  return null
}

type NamedFilter = Exclude<keyof SearchWordMeaning, "terms">

const NAMED_FILTERS = Object.keys({
  gender: true,
  categoryType: true,
  subcategory: true,
  styleGroup: true,
  colorName: true,
  fabric: true,
  genre: true,
  sleeveType: true,
  seasonFit: true,
} satisfies Record<NamedFilter, true>) as NamedFilter[]

/**
 * The filters the words agree on: two colours (or two genders…) name none. A fit names the shelf before a garment does
 * ("loose fit jeans" are on the Loose fit shelf, not the Jeans one), and a subcategory must be of the category type.
 */
function agreedFilters(meanings: SearchWordMeaning[]): SearchFilters {
  const filters: SearchFilters = {}
  const fits = meanings.filter((meaning) => meaning.subcategory && !meaning.categoryType)
  for (const filter of NAMED_FILTERS) {
    const namers = filter === "subcategory" && fits.length > 0 ? fits : meanings
    const named = new Set(namers.map((meaning) => meaning[filter]).filter((value) => value !== undefined))
    if (named.size === 1) Object.assign(filters, { [filter]: [...named][0] })
  }
  const shelf: readonly string[] = filters.categoryType ? SUBCATEGORIES[filters.categoryType] : []
  if (filters.subcategory && filters.categoryType && !shelf.includes(filters.subcategory)) delete filters.subcategory
  return filters
}

/** Prices said in words ("under 1000", "1000 se kam", "500 to 1000"), and which words said them. */
function readPrices(words: string[]): { prices: Pick<SearchFilters, "minPrice" | "maxPrice">; spent: Set<number> } {
  const spent = new Set<number>()
  let minPrice: number | undefined
  let maxPrice: number | undefined
  for (let at = 0; at < words.length; at += 1) {
    const price = priceAt(words, at)
    if (!price) continue
    for (let i = at; i < at + price.length; i += 1) spent.add(i)
    if (price.min !== undefined) minPrice = Math.max(minPrice ?? 0, price.min)
    if (price.max !== undefined) maxPrice = Math.min(maxPrice ?? Infinity, price.max)
    at += price.length - 1
  }
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice]
  return { prices: { ...(minPrice !== undefined && { minPrice }), ...(maxPrice !== undefined && { maxPrice }) }, spent }
}

type PriceSaid = { length: number; min?: number; max?: number }

function priceAt(words: string[], at: number): PriceSaid | null {
  const start = at + matchLength(words, at, PRICE_PHRASES.rangeBefore)
  const low = rupees(words[start])
  const join = low === null ? 0 : matchLength(words, start + 1, PRICE_PHRASES.rangeJoin)
  const high = join ? rupees(words[start + 1 + join]) : null
  if (low !== null && high !== null) return { length: start + 2 + join - at, min: Math.min(low, high), max: Math.max(low, high) }

  for (const [phrases, bound] of [
    [PRICE_PHRASES.atMostBefore, "max"],
    [PRICE_PHRASES.atLeastBefore, "min"],
  ] as const) {
    const length = matchLength(words, at, phrases)
    const value = length ? rupees(words[at + length]) : null
    if (value !== null) return { length: length + 1, [bound]: value }
  }
  const value = rupees(words[at])
  if (value === null) return null
  for (const [phrases, bound] of [
    [PRICE_PHRASES.atMostAfter, "max"],
    [PRICE_PHRASES.atLeastAfter, "min"],
  ] as const) {
    const length = matchLength(words, at + 1, phrases)
    if (length) return { length: length + 1, [bound]: value }
  }
  return null
}

/** How many words the longest of the phrases matches at `at`, 0 for none. */
function matchLength(words: string[], at: number, phrases: string[][]): number {
  let longest = 0
  for (const phrase of phrases) {
    if (phrase.length > longest && phrase.every((word, i) => words[at + i] === word)) longest = phrase.length
  }
  return longest
}

function rupees(word: string | undefined): number | null {
  return word !== undefined && /^\d{1,7}$/.test(word) ? Number(word) : null
}

/**
 * A text's words as search indexes and looks them up: normalised, each with the forms its plural may come from
 * ("Hoodies" -> ["hoodies", "hoodie", "hoody"]). The catalogue indexes all of a word's forms at its place, and a query
 * word finds any of them, so "hoodies" finds a "Hoodie" and "cargo" finds "Cargos".
 */
export function searchWords(text: string): string[][] {
  return toWords(text).map((word) => [word, ...singulars(word)])
}

/** What a garment's terms say about where the shop files it: the shelf of the vocabulary entry they come from. */
export type SearchShelf = Pick<SearchWordMeaning, "categoryType" | "subcategory" | "styleGroup">

const SHELVES_BY_TERMS = new Map<string, SearchShelf>()
for (const { terms, categoryType, subcategory, styleGroup } of SEARCH_VOCABULARY) {
  const key = terms?.join("\n")
  if (key && !SHELVES_BY_TERMS.has(key)) SHELVES_BY_TERMS.set(key, { categoryType, subcategory, styleGroup })
}

/**
 * The garment words a product answers to by where the shop files it: the terms of every vocabulary entry whose shelf
 * names a subcategory or style group the product is on ("kurta", "kurti" for a women's traditional upper). Search
 * indexes them with the product's category, so a garment's words find its shelf from the word index alone.
 */
export function shelfTermsOf(product: SearchShelf): string[] {
  const terms = new Set<string>()
  for (const entry of SEARCH_VOCABULARY) {
    if (!entry.terms || (!entry.subcategory && !entry.styleGroup)) continue
    const onShelf = (["categoryType", "subcategory", "styleGroup"] as const).every((field) => entry[field] === undefined || entry[field] === product[field])
    if (onShelf) for (const term of entry.terms) terms.add(term)
  }
  return [...terms]
}

/** The shelf of the vocabulary entry a term group comes from ("kurta", "kurti": UPPERS, TRADITIONS); null for a typed word. */
export function shelfOfTerms(group: readonly string[]): SearchShelf | null {
  return SHELVES_BY_TERMS.get(group.join("\n")) ?? null
}

/** The forms a plural may come from: "hoodies" -> "hoody", "hoodie"; "cargos" -> "cargo"; "dresses" -> "dress". */
function singulars(word: string): string[] {
  if (word.length < 4 || !/^[a-z]+s$/.test(word) || word.endsWith("ss")) return []
  const forms = [word.slice(0, -1)]
  if (word.endsWith("es")) forms.push(word.slice(0, -2))
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`)
  return forms
}

/** A word for full-text search in the singular the catalogue writes. */
function singular(word: string): string {
  if (/(us|is)$/.test(word)) return word
  if (/(s|x|z|ch|sh)es$/.test(word) && word.length > 4) return word.slice(0, -2)
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`
  return singulars(word)[0] ?? word
}

/**
 * The vocabulary word a typo most likely meant: one typo in a word of 4 to 6 letters, two in a longer one, the first
 * letter right (a shopper rarely gets that wrong, and "cool" is not "wool"). The nearest wins; on a tie, the first.
 */
function nearestWord(typed: string, knownWords?: ReadonlySet<string>): { word: string; entry: SearchVocabularyEntry } | null {
  if (knownWords?.has(typed)) return null
  let best: { word: string; entry: SearchVocabularyEntry; distance: number } | null = null
  for (const form of [typed, ...singulars(typed)]) {
    const letters = [...form]
    for (const candidate of NEAR_CANDIDATES) {
      if (candidate.letters[0] !== letters[0]) continue
      const allowed = Math.min(candidate.letters.length <= 6 ? 1 : 2, best ? best.distance - 1 : 2)
      const distance = typoDistance(letters, candidate.letters, allowed)
      if (distance <= allowed) best = { ...candidate, distance }
    }
  }
  return best
}

/** The catalogue's word a typo most likely meant, by the same rule as the vocabulary's; null when none is near. */
function nearestKnownWord(typed: string, knownWords: ReadonlySet<string>): string | null {
  const letters = [...typed]
  if (letters.length < 4 || /^\d+$/.test(typed)) return null
  let best: { word: string; distance: number } | null = null
  for (const word of knownWords) {
    if (!word.startsWith(letters[0]!)) continue
    const candidate = [...word]
    if (candidate.length < 4) continue
    const allowed = Math.min(candidate.length <= 6 ? 1 : 2, best ? best.distance - 1 : 2)
    if (allowed < 1) break
    const distance = typoDistance(letters, candidate, allowed)
    if (distance <= allowed) best = { word, distance }
  }
  return best?.word ?? null
}

/**
 * Damerau-Levenshtein distance (optimal string alignment) between two words' letters, counted only up to `max`:
 * anything further answers max + 1, so a long or far word costs little.
 */
function typoDistance(a: readonly string[], b: readonly string[], max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let twoBack: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i]
    let rowBest = i
    for (let j = 1; j <= b.length; j += 1) {
      let distance = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, twoBack[j - 2]! + 1)
      row.push(distance)
      rowBest = Math.min(rowBest, distance)
    }
    if (rowBest > max) return max + 1
    twoBack = previous
    previous = row
  }
  return previous[b.length]!
}
