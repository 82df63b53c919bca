/**
 * What the search bench asks, in the words the bench catalogue has (commerce/src/scripts/seed/bench-catalogue.ts: the
 * demo catalogue's titles, each with a number, in six colours, four genres and the demo's fabrics and shelves). A query,
 * and the listing's filters, sort or cursor on top when given.
 */
export type BenchSearch = { q: string; params?: Record<string, string>; expect?: "category" | "trending" }

export const BENCH_SEARCHES: BenchSearch[] = [
  // Typos, corrected to the catalogue's words.
  { q: "hoddie" },
  { q: "jeens" },
  { q: "palazo" },
  { q: "kurthi" },
  { q: "crago pants" },
  { q: "nightshfit hoodie" },
  { q: "overszied tee" },
  // Plurals and synonyms.
  { q: "hoodies" },
  { q: "chinos" },
  { q: "t-shirt" },
  { q: "joggers" },
  { q: "sweatshirt" },
  { q: "ethnic wear" },
  // Hinglish and Devanagari colours and garments.
  { q: "kala hoodie" },
  { q: "safed kurta" },
  { q: "neela jeans" },
  { q: "काला हुडी" },
  { q: "लाल कुर्ता" },
  { q: "जींस" },
  // Gender words.
  { q: "men hoodie" },
  { q: "ladies jeans" },
  { q: "kurti for ladies" },
  // Prices in the words.
  { q: "hoodie under 2000" },
  { q: "tee below ₹500" },
  { q: "jeans 1500-2000" },
  // What a piece is.
  { q: "black cotton hoodie" },
  { q: "anime tee" },
  // Filters, sorts and a second page on top.
  { q: "hoodie", params: { size: "M", sort: "price_asc" } },
  { q: "tee", params: { gender: "MEN", fabric: "Cotton", sort: "popular" } },
  { q: "jeans", params: { colorName: "Blue", sort: "newest" } },
  { q: "kurta", params: { priceRange: "1000-1500", sort: "price_desc" } },
  { q: "pants", params: { cursor: "24" } },
  // Nothing found: the nearest section, or only what's trending.
  { q: "hoodie with zebra stripes", expect: "category" },
  { q: "xqzvbn", expect: "trending" },
]

/** Prefixes as a shopper types them, letter by letter, in English, Hinglish and Devanagari. */
export const BENCH_PREFIXES: string[] = [
  "h",
  "ho",
  "hoo",
  "hood",
  "hoodie",
  "hoodie b",
  "hoodie bl",
  "kala h",
  "kala hoo",
  "k",
  "ku",
  "kur",
  "kurti",
  "j",
  "je",
  "jea",
  "jeans",
  "jeans sl",
  "te",
  "tee",
  "oversized t",
  "ca",
  "carg",
  "cargo p",
  "pal",
  "men j",
  "black co",
  "लाल कुर्ता",
]
