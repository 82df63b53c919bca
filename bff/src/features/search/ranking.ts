import type { Weight } from "./tsquery.js"

/**
 * The fields in ranking order, as (vector, weight) of the catalogue's search vectors (catalog/search-document.ts): a
 * group found in the title counts most, in the description least.
 */
export const FIELDS: readonly [vector: "search_main" | "search_more", weight: Weight][] = [
  ["search_main", "A"], // title
  ["search_main", "B"], // category type, subcategory, style group
  ["search_main", "C"], // colour
  ["search_main", "D"], // fabric
  ["search_more", "A"], // genre
  ["search_more", "B"], // description
]

/**
 * Among products found alike, those on the shelf the words named come first: a word's field counts twice this, so the
 * boost never outweighs a field. Scores stay integers, which sort several times faster than numerics.
 */
export const SHELF_BOOST = 1
const FIELD_STEP = 2

/** What a group found in FIELDS[field] adds to a product's score (12 for the title … 2 for the description). */
export const fieldScore = (field: number): number => (FIELDS.length - field) * FIELD_STEP
