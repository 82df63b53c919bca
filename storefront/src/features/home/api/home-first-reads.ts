import { IMAGE_SIZES, type ListingFirstRead } from "@fitshop/contracts"
import { ABOVE_THE_FOLD_TILES, OPENING_CATEGORY, tilesOf } from "../utils/categories"
import { bestSellersParams } from "./get-best-sellers"
import { coverQuery } from "./get-category-cover"

/** A tile shows its cover's one picture. */
const TILE_PICTURE = { count: 1, sizes: IMAGE_SIZES.categoryTile }

/**
 * What the home page reads first, as its components ask it: the covers of the opening tab's tiles (the first row's
 * pictures painted before any scrolling), then the best sellers. The BFF sends their answers inside the page.
 */
export const homeFirstReads = (): ListingFirstRead[] => [
  ...tilesOf(OPENING_CATEGORY).map((subcategory, position) => ({
    params: coverQuery({ categoryType: OPENING_CATEGORY, subcategory }),
    ...(position < ABOVE_THE_FOLD_TILES ? { paintedFirst: TILE_PICTURE } : {}),
  })),
  { params: bestSellersParams },
]
