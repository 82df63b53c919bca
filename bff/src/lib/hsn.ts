import type { CategoryType, Gender, StyleGroup } from "@fitshop/contracts"

/** 4-digit HSN headings of the Customs Tariff (chapters 61 knitted, 62 woven) for what the shop sells. */
export const HSN = {
  /** T-shirts, singlets and other vests, knitted: oversized and regular tees, and any upper we can't place. */
  knittedTops: "6109",
  /** Jerseys, pullovers, sweatshirts and similar, knitted: hoodies. */
  knittedSweatshirts: "6110",
  /** Men's shirts, knitted: polos (a polo is a knitted shirt with a collar, so not a T-shirt). */
  mensKnittedShirts: "6105",
  /** Women's blouses and shirts, knitted: polos. */
  womensKnittedShirts: "6106",
  /** Men's trousers, jeans and shorts (woven): every men's lower. */
  mensTrousers: "6203",
  /** Women's suits, ensembles, dresses, skirts and trousers (woven): every women's lower and traditional wear (kurta sets). */
  womensTrousersAndEnsembles: "6204",
} as const

/** What a line carries when its product is unknown: most of what the shop sells is T-shirts. */
export const FALLBACK_HSN = HSN.knittedTops

/** Uppers by subcategory (lower-cased); one not listed is a T-shirt. */
const UPPERS: Record<string, Record<Gender, string>> = {
  hoodies: { MEN: HSN.knittedSweatshirts, WOMEN: HSN.knittedSweatshirts },
  polo: { MEN: HSN.mensKnittedShirts, WOMEN: HSN.womensKnittedShirts },
}

const LOWERS: Record<Gender, string> = { MEN: HSN.mensTrousers, WOMEN: HSN.womensTrousersAndEnsembles }

/**
 * The HSN code a product's invoice line carries, from its catalogue attributes. Women's traditional wear is
 * 6204 whatever its category; a lower is trousers by gender whatever its subcategory; anything else is 6109.
 */
export function hsnFor(product: { gender: Gender; categoryType: CategoryType | null; subcategory: string | null; styleGroup: StyleGroup | null }): string {
  if (product.gender === "WOMEN" && product.styleGroup === "TRADITIONS") return HSN.womensTrousersAndEnsembles
  if (product.categoryType === "LOWERS") return LOWERS[product.gender]
  const upper = UPPERS[(product.subcategory ?? "").trim().toLowerCase()]
  return upper?.[product.gender] ?? FALLBACK_HSN
}
