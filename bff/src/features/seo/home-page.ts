import { IMAGE_SIZES, type ProductList, SUBCATEGORIES } from "@fitshop/contracts"
import type { CachedAnswer } from "../catalog/index.js"
import { listingImagePreloads } from "./server-answers.js"

type Params = Record<string, string>

/**
 * The reads the storefront's home page makes first (storefront features/home/api): the covers of the
 * first category tab's tiles (spec, Home page: Uppers) and the 8 best sellers. Their answers come inside
 * the page, so its first render has them: no request, no second render, and the tiles' pictures can
 * start downloading while the scripts still load.
 */
export const HOME_READS: Params[] = [
  ...SUBCATEGORIES.UPPERS.map((subcategory) => ({ active: "true", gender: "MEN", categoryType: "UPPERS", subcategory, limit: "1" })),
  { active: "true", sort: "popular", limit: "8" },
]

/** The first row of tiles shows without scrolling on a phone (storefront category-picker ABOVE_THE_FOLD_TILES). */
const ABOVE_THE_FOLD_TILES = 2

export type HomeAnswer = { params: Params; answer: CachedAnswer<ProductList> }

/** Preloads for the pictures of the home page's tiles above the fold. */
export function homeImagePreloads(answers: HomeAnswer[]): string[] {
  const covers = answers.filter(({ params }) => params.subcategory !== undefined).slice(0, ABOVE_THE_FOLD_TILES)
  return covers.flatMap(({ answer }) => listingImagePreloads(answer, 1, IMAGE_SIZES.categoryTile))
}
