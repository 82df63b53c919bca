import { describe, expect, it } from "vitest"
import { CATEGORY_TYPES, COLOR_NAMES, FABRICS, GENDERS, GENRES, SEASON_FITS, SLEEVE_TYPES, STYLE_GROUPS, SUBCATEGORIES } from "./catalog-vocabulary.js"
import { readSearchQuery, searchWords, shelfOfTerms, shelfTermsOf } from "./search-query.js"
import { SEARCH_STOP_WORDS, SEARCH_VOCABULARY, type SearchVocabularyEntry } from "./search-vocabulary.js"

/** What an entry's words must read as: its filters, and its terms as the one group for full text. */
function readingOf({ words: _words, terms, ...filters }: SearchVocabularyEntry) {
  return { filters, terms: terms ? [[...terms]] : [], corrected: null }
}

describe("the search vocabulary", () => {
  describe.each(SEARCH_VOCABULARY.map((entry) => [entry.words[0]!, entry] as const))("the entry %s", (_first, entry) => {
    it.each(entry.words)("reads %s as what the entry means", (word) => {
      expect(readSearchQuery(word)).toEqual(readingOf(entry))
    })

    it.each(entry.words)("reads %s in capitals, padded and punctuated the same", (word) => {
      expect(readSearchQuery(`  ${word.toUpperCase()}!! `)).toEqual(readingOf(entry))
    })
  })

  const garments = SEARCH_VOCABULARY.filter((entry) => entry.categoryType)
  const singularWords = garments.flatMap((entry) => entry.words.filter((word) => /^[a-z ]+[^s]$/.test(word)).map((word) => [word, entry] as const))
  it.each(singularWords)("reads the plural of %s as the word", (word, entry) => {
    expect(readSearchQuery(`${word}s`).filters).toEqual(readingOf(entry).filters)
  })

  it("names every value of the catalogue a listing filters on", () => {
    const named = (filter: keyof SearchVocabularyEntry) => new Set(SEARCH_VOCABULARY.map((entry) => entry[filter]))
    const values = {
      gender: GENDERS,
      categoryType: CATEGORY_TYPES,
      subcategory: [...SUBCATEGORIES.UPPERS, ...SUBCATEGORIES.LOWERS],
      styleGroup: STYLE_GROUPS,
      colorName: COLOR_NAMES,
      fabric: FABRICS,
      genre: GENRES,
      sleeveType: SLEEVE_TYPES,
      seasonFit: SEASON_FITS,
    } as const
    for (const [filter, all] of Object.entries(values)) {
      expect(
        [...all].filter((value) => !named(filter as keyof SearchVocabularyEntry).has(value)),
        filter,
      ).toEqual([])
    }
  })

  it("reads every garment the demo catalogue's titles name as a category type", () => {
    const titleGarments = ["hoodie", "pullover", "polo", "tee", "top", "dress", "kurta", "kurti", "anarkali", "chikankari"]
    const lowerGarments = ["jeans", "denims", "trousers", "pants", "chinos", "jogger", "cargo", "palazzo", "sharara", "parachute"]
    for (const word of titleGarments) expect(readSearchQuery(word).filters.categoryType, word).toBe("UPPERS")
    for (const word of lowerGarments) expect(readSearchQuery(word).filters.categoryType, word).toBe("LOWERS")
  })

  it("drops every stop word", () => {
    for (const word of SEARCH_STOP_WORDS) expect(readSearchQuery(word), word).toEqual({ filters: {}, terms: [], corrected: null })
  })
})

describe("readSearchQuery", () => {
  it("reads Hindi colours typed in Latin letters with a garment", () => {
    expect(readSearchQuery("kala hoodie")).toEqual({
      filters: { colorName: "Black", categoryType: "UPPERS", subcategory: "Hoodies" },
      terms: [["hoodie"]],
      corrected: null,
    })
    expect(readSearchQuery("lal kurta")).toEqual({
      filters: { colorName: "Red", categoryType: "UPPERS", styleGroup: "TRADITIONS" },
      terms: [["kurta", "kurti"]],
      corrected: null,
    })
  })

  it("reads Devanagari, with or without the nukta", () => {
    expect(readSearchQuery("काला हुडी")).toEqual(readSearchQuery("kala hoodie"))
    expect(readSearchQuery("सफ़ेद टी-शर्ट").filters).toEqual({ colorName: "White", categoryType: "UPPERS" })
    expect(readSearchQuery("सफेद टी-शर्ट").filters).toEqual({ colorName: "White", categoryType: "UPPERS" })
    expect(readSearchQuery("नीली कुर्ती महिलाओं के लिए").filters).toEqual({ colorName: "Blue", gender: "WOMEN", categoryType: "UPPERS", styleGroup: "TRADITIONS" })
  })

  it("corrects one typo in a word of 4 to 6 letters and says how it read the query", () => {
    expect(readSearchQuery("hoddie")).toMatchObject({ filters: { subcategory: "Hoodies" }, terms: [["hoodie"]], corrected: "hoodie" })
    expect(readSearchQuery("jeens")).toMatchObject({ filters: { categoryType: "LOWERS", subcategory: "Jeans" }, corrected: "jeans" })
    expect(readSearchQuery("palazo")).toMatchObject({ filters: { categoryType: "LOWERS" }, terms: [["palazzo"]], corrected: "palazzo" })
    expect(readSearchQuery("kurthi")).toMatchObject({ terms: [["kurta", "kurti"]], corrected: "kurti" })
    expect(readSearchQuery("kala hoddies under 1000")).toMatchObject({ filters: { colorName: "Black", maxPrice: 1000 }, corrected: "kala hoodie under 1000" })
  })

  it("corrects two typos in a longer word, and no more", () => {
    expect(readSearchQuery("sweetshrt")).toMatchObject({ filters: { categoryType: "UPPERS" }, corrected: "sweatshirt" })
    expect(readSearchQuery("plazzoo pant").corrected).toBe("palazzo pant")
    expect(readSearchQuery("sqeatshrtx")).toEqual({ filters: {}, terms: [["sqeatshrtx"]], corrected: null })
  })

  it("corrects no short word, no word with another first letter, and no word the catalogue knows", () => {
    expect(readSearchQuery("rad").filters).toEqual({})
    expect(readSearchQuery("cool tee").filters).toEqual({ categoryType: "UPPERS" })
    expect(readSearchQuery("block print kurta").filters.colorName).toBe("Black")
    const known = readSearchQuery("block print kurta", { knownWords: new Set(["block", "print"]) })
    expect(known).toEqual({ filters: { categoryType: "UPPERS", styleGroup: "TRADITIONS" }, terms: [["block"], ["print"], ["kurta", "kurti"]], corrected: null })
  })

  it("reads plurals as the singular, for vocabulary and other words", () => {
    expect(readSearchQuery("cargos")).toEqual({ filters: { categoryType: "LOWERS", subcategory: "Cargo pants" }, terms: [["cargo"]], corrected: null })
    expect(readSearchQuery("hoodies")).toEqual(readSearchQuery("hoodie"))
    expect(readSearchQuery("kurtis")).toEqual(readSearchQuery("kurti"))
    expect(readSearchQuery("t shirts")).toEqual(readSearchQuery("tee"))
    expect(readSearchQuery("pockets dresses").terms).toEqual([["pocket"], ["dress"]])
  })

  it("reads synonyms and Indian names of a garment alike", () => {
    for (const word of ["tee", "t-shirt", "tshirt", "T Shirt"]) expect(readSearchQuery(word).terms, word).toEqual([["tee", "t-shirt"]])
    for (const word of ["joggers", "track pants", "trackpants"]) expect(readSearchQuery(word).terms, word).toEqual([["jogger", "track pant", "sweatpant"]])
    for (const word of ["pyjama", "pajamas"]) expect(readSearchQuery(word).terms, word).toEqual([["pyjama", "pajama", "lounge"]])
    for (const word of ["bottoms", "lowers"]) expect(readSearchQuery(word).filters, word).toEqual({ categoryType: "LOWERS" })
    expect(readSearchQuery("denims")).toEqual(readSearchQuery("jeans"))
    expect(readSearchQuery("hoody")).toEqual(readSearchQuery("hoodie"))
  })

  it("reads gender words", () => {
    expect(readSearchQuery("tee for men")).toEqual({ filters: { gender: "MEN", categoryType: "UPPERS" }, terms: [["tee", "t-shirt"]], corrected: null })
    expect(readSearchQuery("ladies kurti").filters).toEqual({ gender: "WOMEN", categoryType: "UPPERS", styleGroup: "TRADITIONS" })
    for (const word of ["mens", "men's", "MEN’S", "gents", "boys"]) expect(readSearchQuery(`${word} polo`).filters.gender, word).toBe("MEN")
    for (const word of ["womens", "women's", "girls", "लड़कियों"]) expect(readSearchQuery(`${word} top`).filters.gender, word).toBe("WOMEN")
  })

  it.each([
    ["black jeans under 1000", { maxPrice: 1000 }],
    ["below ₹1500", { maxPrice: 1500 }],
    ["below Rs. 1,500", { maxPrice: 1500 }],
    ["less than 999", { maxPrice: 999 }],
    ["upto 2000", { maxPrice: 2000 }],
    ["up to 2000", { maxPrice: 2000 }],
    ["1000 se kam", { maxPrice: 1000 }],
    ["1000 ke andar", { maxPrice: 1000 }],
    ["१००० से कम", { maxPrice: 1000 }],
    ["999 rupees or less", { maxPrice: 999 }],
    ["above 2000", { minPrice: 2000 }],
    ["over 1500", { minPrice: 1500 }],
    ["2000 se zyada", { minPrice: 2000 }],
    ["above 2k", { minPrice: 2000 }],
    ["₹500-1000", { minPrice: 500, maxPrice: 1000 }],
    ["₹500 - ₹1000", { minPrice: 500, maxPrice: 1000 }],
    ["500 to 1000", { minPrice: 500, maxPrice: 1000 }],
    ["between 500 and 1000", { minPrice: 500, maxPrice: 1000 }],
    ["1000 se 500", { minPrice: 500, maxPrice: 1000 }],
    ["above 500 under 1500", { minPrice: 500, maxPrice: 1500 }],
  ])("reads the price in %s (rupees)", (query, price) => {
    const reading = readSearchQuery(query)
    expect({ minPrice: reading.filters.minPrice, maxPrice: reading.filters.maxPrice }).toEqual({ minPrice: undefined, maxPrice: undefined, ...price })
    expect(reading.terms.flat()).not.toContain("1000")
  })

  it("reads a price with the words around it", () => {
    expect(readSearchQuery("black jeans under 1000")).toEqual({
      filters: { colorName: "Black", categoryType: "LOWERS", subcategory: "Jeans", maxPrice: 1000 },
      terms: [["jeans", "denim"]],
      corrected: null,
    })
    expect(readSearchQuery("1000 se kam t shirt")).toEqual({
      filters: { categoryType: "UPPERS", maxPrice: 1000 },
      terms: [["tee", "t-shirt"]],
      corrected: null,
    })
  })

  it("names no filter two words disagree on, and a fit's shelf before a garment's", () => {
    expect(readSearchQuery("black white hoodie").filters).toEqual({ categoryType: "UPPERS", subcategory: "Hoodies" })
    expect(readSearchQuery("men women tee").filters).toEqual({ categoryType: "UPPERS" })
    expect(readSearchQuery("loose fit jeans").filters).toEqual({ categoryType: "LOWERS", subcategory: "Loose fit" })
    expect(readSearchQuery("slim fit tee").filters).toEqual({ categoryType: "UPPERS" })
  })

  it("keeps words it does not know for full text, and names nothing for nonsense", () => {
    expect(readSearchQuery("xqzvbn plorf")).toEqual({ filters: {}, terms: [["xqzvbn"], ["plorf"]], corrected: null })
    expect(readSearchQuery("nightshift hoodie").terms).toEqual([["nightshift"], ["hoodie"]])
    expect(readSearchQuery("")).toEqual({ filters: {}, terms: [], corrected: null })
  })

  it("answers any characters with plain words only", () => {
    const reading = readSearchQuery(`'; DROP TABLE products; -- 100% _x_ "kurta" \\ 😀 \u0000`)
    expect(reading.terms).toEqual([["drop"], ["table"], ["product"], ["100"], ["kurta", "kurti"]])
    expect(reading.filters).toEqual({ categoryType: "UPPERS", styleGroup: "TRADITIONS" })
  })

  it("reads a very long query quickly", () => {
    const started = performance.now()
    readSearchQuery("hoddie jeens palazo kurthi ".repeat(500) + "x".repeat(100_000))
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it("corrects a word neither in the vocabulary nor in the catalogue to the catalogue's nearest, never a known one", () => {
    const knownWords = new Set(["nightshift", "selvedge", "block"])
    expect(readSearchQuery("nightshfit hoodie", { knownWords })).toMatchObject({ terms: [["nightshift"], ["hoodie"]], corrected: "nightshift hoodie" })
    expect(readSearchQuery("selvage", { knownWords })).toMatchObject({ terms: [["selvedge"]], corrected: "selvedge" })
    expect(readSearchQuery("block print", { knownWords })).toMatchObject({ terms: [["block"], ["print"]], corrected: null })
    // Too far, too short, or a number: kept as typed.
    expect(readSearchQuery("nightmare zip 2024", { knownWords })).toMatchObject({ terms: [["nightmare"], ["zip"], ["2024"]], corrected: null })
  })
})

describe("the words search indexes and looks up", () => {
  it("are normalised, each with the forms its plural may come from", () => {
    expect(searchWords("Hoodies, T-Shirt & Cargos")).toEqual([["hoodies", "hoodie", "hoodi", "hoody"], ["t"], ["shirt"], ["cargos", "cargo"]])
    expect(searchWords("Dress ₹999")).toEqual([["dress"], ["rs"], ["999"]])
    expect(searchWords("%_'")).toEqual([])
  })

  it("name the shelf a garment's terms come from, and none for typed words", () => {
    expect(shelfOfTerms(["kurta", "kurti"])).toEqual({ categoryType: "UPPERS", subcategory: undefined, styleGroup: "TRADITIONS" })
    expect(shelfOfTerms(["hoodie"])).toEqual({ categoryType: "UPPERS", subcategory: "Hoodies", styleGroup: undefined })
    expect(shelfOfTerms(["zebra"])).toBeNull()
  })

  it("give a product the garment words of the shelves it is on, and none of a shelf it isn't", () => {
    expect(shelfTermsOf({ categoryType: "UPPERS", styleGroup: "TRADITIONS" })).toEqual(expect.arrayContaining(["kurta", "kurti", "anarkali"]))
    expect(shelfTermsOf({ categoryType: "UPPERS", subcategory: "Hoodies" })).toEqual(expect.arrayContaining(["hoodie"]))
    expect(shelfTermsOf({ categoryType: "UPPERS", subcategory: "Hoodies" })).not.toContain("kurta")
    expect(shelfTermsOf({ categoryType: "LOWERS", styleGroup: "TRADITIONS" })).not.toContain("kurti")
  })
})
