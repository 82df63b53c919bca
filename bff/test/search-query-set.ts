import type { ListedProduct } from "@fitshop/contracts"

/**
 * Issue 46's measure: real-style queries against the demo catalogue (commerce/src/scripts/seed/catalogue.ts, 78
 * products), each with the products it must show on its first page, and what every product shown must be (or must not
 * be). Typos, plurals, synonyms and Indian names, Hinglish and Devanagari colours, gender words, prices in words, and
 * nonsense, which must never end in nothing.
 */
export type Expectation = {
  finds?: string[]
  /** Titles that must not be on the first page. */
  not?: string[]
  /** What every product on the first page must be. */
  every?: (product: ListedProduct) => boolean
  corrected?: string
  /** No match: the fallback's kind. */
  fallback?: "category" | "trending"
}

const HOODIES_MEN = ["Nightshift Hoodie", "Concrete Pullover Hoodie", "Static Zip Hoodie", "Underpass Hoodie", "Afterhours Hoodie", "Metro Fleece Hoodie"]
const HOODIES_WOMEN = ["Cropped Fleece Hoodie", "Cloud Knit Hoodie"]
const KURTAS = ["Block Print Kurta", "Chikankari Kurta", "Indigo Straight Kurta", "Festive Anarkali Kurta", "Mirror Work Kurti", "Handloom Cotton Kurta"]
const is =
  <K extends keyof ListedProduct>(field: K, value: ListedProduct[K]) =>
  (product: ListedProduct) =>
    product[field] === value
const both =
  (...checks: ((product: ListedProduct) => boolean)[]) =>
  (product: ListedProduct) =>
    checks.every((check) => check(product))
const priced = (min: number, max: number) => (product: ListedProduct) => product.basePrice >= min * 100 && product.basePrice <= max * 100

export const SEARCH_QUERY_SET: [query: string, expectation: Expectation][] = [
  // One or two typos.
  ["hoddie", { finds: [...HOODIES_MEN, ...HOODIES_WOMEN], corrected: "hoodie" }],
  ["jeens", { finds: ["Raw Edge Jeans", "Faded Indigo Jeans", "Carbon Wash Jeans"], corrected: "jeans" }],
  ["palazo", { finds: ["Cotton Palazzo Pants", "Pleated Palazzo Trousers"], corrected: "palazzo" }],
  ["kurthi", { finds: KURTAS, corrected: "kurti" }],
  ["crago pants", { finds: ["Utility Cargo Pants", "Ripstop Cargo Pants", "Six Pocket Cargo"] }],
  ["pollo", { finds: ["Courtside Polo", "Varsity Polo"], corrected: "polo" }],
  ["nightshfit hoodie", { finds: ["Nightshift Hoodie"], corrected: "nightshift hoodie" }],
  ["chikenkari", { finds: ["Chikankari Kurta"] }],
  ["sharar", { finds: ["Printed Sharara Pants"] }],
  ["overszied tee", { finds: ["Drop Shoulder Oversized Tee", "Skyline Oversized Tee", "Oversized Varsity Tee"] }],
  ["selvage jeans", { finds: ["Midnight Selvedge Jeans"] }],
  // Plurals and singulars.
  ["cargos", { finds: ["Utility Cargo Pants", "Six Pocket Cargo", "Tactical Cargo Joggers", "Slouchy Cargo Pants"] }],
  ["hoodies", { finds: [...HOODIES_MEN, ...HOODIES_WOMEN] }],
  ["kurtis", { finds: KURTAS }],
  ["chinos", { finds: ["Wide Leg Chinos", "Slim Stretch Chinos", "Straight Fit Chinos"] }],
  ["dresses", { finds: ["Slip Midi Dress", "Denim Shirt Dress"] }],
  ["polos", { finds: ["Courtside Polo", "Harbour Polo"] }],
  ["trouser", { finds: ["Relaxed Pleat Trousers", "City Slim Trousers", "Pleated Palazzo Trousers"] }],
  // Synonyms and Indian names.
  ["tee", { finds: ["Drop Shoulder Oversized Tee", "Everyday Crew Tee", "Cropped Street Tee"] }],
  ["t-shirt", { finds: ["Campus Tee", "Boxy Graphic Tee"] }],
  ["tshirt", { finds: ["Basic Block Tee", "Rebel Oversized Tee"] }],
  ["joggers", { finds: ["Tactical Cargo Joggers", "Slim Jogger Pants"] }],
  ["track pants", { finds: ["Slim Jogger Pants"] }],
  ["kurti", { finds: KURTAS, every: is("styleGroup", "TRADITIONS") }],
  ["pyjama", { finds: ["Lounge Wide Pants"] }],
  ["bottoms", { every: is("categoryType", "LOWERS") }],
  ["sweatshirt", { finds: ["Concrete Pullover Hoodie", "Metro Fleece Hoodie"] }],
  ["denims", { finds: ["Raw Edge Jeans", "Loose Fit Denims", "Heritage Straight Denims"] }],
  ["anarkali", { finds: ["Festive Anarkali Kurta"] }],
  ["ethnic wear", { finds: ["Printed Sharara Pants", "Chikankari Kurta"], every: is("styleGroup", "TRADITIONS") }],
  ["topwear", { every: is("categoryType", "UPPERS") }],
  // Colours in Hindi typed in Latin letters.
  ["kala hoodie", { finds: ["Nightshift Hoodie", "Underpass Hoodie", "Cloud Knit Hoodie"], every: is("colorName", "Black") }],
  ["kaala tshirt", { finds: ["Drop Shoulder Oversized Tee", "Everyday Crew Tee"], every: is("colorName", "Black") }],
  ["safed kurta", { finds: ["Chikankari Kurta", "Mirror Work Kurti"], every: is("colorName", "White") }],
  ["lal kurta", { finds: ["Block Print Kurta", "Festive Anarkali Kurta"], every: is("colorName", "Red") }],
  ["neela jeans", { finds: ["Faded Indigo Jeans", "Vintage Stone Jeans", "Tapered Slim Jeans"], every: is("colorName", "Blue") }],
  ["hara hoodie", { finds: ["Static Zip Hoodie", "Metro Fleece Hoodie", "Cropped Fleece Hoodie"], every: is("colorName", "Green") }],
  ["neeli polo", { finds: ["Pique Club Polo", "Harbour Polo"], every: is("colorName", "Blue") }],
  // The same in Devanagari.
  ["काला हुडी", { finds: ["Nightshift Hoodie", "Underpass Hoodie"], every: is("colorName", "Black") }],
  ["लाल कुर्ता", { finds: ["Block Print Kurta", "Festive Anarkali Kurta"], every: is("colorName", "Red") }],
  ["सफ़ेद कुर्ती", { finds: ["Chikankari Kurta", "Mirror Work Kurti"], every: is("colorName", "White") }],
  ["जींस", { finds: ["Raw Edge Jeans", "Vintage Stone Jeans"] }],
  ["नीला टीशर्ट", { finds: ["Skyline Oversized Tee", "Basic Block Tee"], every: is("colorName", "Blue") }],
  // Gender words.
  ["men hoodie", { finds: HOODIES_MEN, not: HOODIES_WOMEN, every: is("gender", "MEN") }],
  ["womens hoodie", { finds: HOODIES_WOMEN, not: HOODIES_MEN, every: is("gender", "WOMEN") }],
  ["ladies jeans", { finds: ["Wide Leg Denim"], every: is("gender", "WOMEN") }],
  ["girls tee", { finds: ["Cropped Street Tee", "Boxy Graphic Tee"], every: is("gender", "WOMEN") }],
  ["mens cargo", { finds: ["Utility Cargo Pants", "Tactical Cargo Joggers"], every: is("gender", "MEN") }],
  ["kurti for ladies", { finds: KURTAS, every: is("gender", "WOMEN") }],
  // A price in the words.
  ["hoodie under 2000", { finds: ["Nightshift Hoodie", "Afterhours Hoodie", "Cropped Fleece Hoodie"], not: ["Underpass Hoodie"], every: priced(0, 2000) }],
  ["tee below ₹500", { finds: ["Everyday Crew Tee", "Signal Regular Tee", "Neon Alley Oversized Tee"], every: priced(0, 500) }],
  ["kurta 1000 se kam", { finds: ["Mirror Work Kurti"], every: priced(0, 1000) }],
  ["jeans 1500-2000", { finds: ["Raw Edge Jeans", "Faded Indigo Jeans", "Vintage Stone Jeans"], every: priced(1500, 2000) }],
  ["polo under 1k", { finds: ["Sunday League Polo", "Courtside Polo"], every: priced(0, 1000) }],
  ["cargo above 2500", { finds: ["Field Cargo Pants", "Strapped Cargo Pants"], every: priced(2500, 100_000) }],
  // What a piece is: colour, fabric, genre, fit, sleeve, season, words of its title.
  ["black cotton hoodie", { finds: ["Nightshift Hoodie", "Underpass Hoodie"], every: both(is("colorName", "Black"), is("fabric", "Cotton")) }],
  ["anime tee", { finds: ["Skyline Oversized Tee", "Neon Alley Oversized Tee", "Campus Tee"], every: is("genre", "Anime") }],
  ["marvel hoodie", { finds: ["Static Zip Hoodie", "Cropped Fleece Hoodie"], every: is("genre", "Marvel") }],
  ["denim dress", { finds: ["Denim Shirt Dress"] }],
  ["slim fit jeans", { finds: ["Tapered Slim Jeans"] }],
  ["oversized tee black", { finds: ["Drop Shoulder Oversized Tee", "Rooftop Oversized Tee"], every: is("colorName", "Black") }],
  ["full sleeve tee", { finds: ["Basic Block Tee", "Campus Tee"], every: is("sleeveType", "FULL") }],
  ["winter hoodie", { finds: ["Nightshift Hoodie", "Static Zip Hoodie", "Cloud Knit Hoodie"], every: is("seasonFit", "WINTER") }],
  ["wool", { finds: ["Static Zip Hoodie", "Metro Fleece Hoodie", "Heritage Straight Denims"], every: is("fabric", "Wool") }],
  ["wide leg", { finds: ["Wide Leg Chinos", "Wide Leg Denim"] }],
  ["parachute pants", { finds: ["Parachute Pants"] }],
  ["vintage jeans", { finds: ["Vintage Stone Jeans"] }],
  ["mirror work", { finds: ["Mirror Work Kurti"] }],
  // Nonsense: never a dead end.
  ["xqzvbn", { fallback: "trending" }],
  ["asdfgh jkl", { fallback: "trending" }],
  ["'; drop table bff.users; --", { fallback: "trending" }],
  ["vintage kurti", { fallback: "category", every: is("styleGroup", "TRADITIONS") }],
  ["hoodie with zebra stripes", { fallback: "category", finds: ["Nightshift Hoodie"] }],
]
