/** The catalogue's vocabulary (spec sections 3 and 9): every value a product attribute or a listing filter may take. */
export const GENDERS = ["MEN", "WOMEN"] as const
export const CATEGORY_TYPES = ["UPPERS", "LOWERS"] as const
export const STYLE_GROUPS = ["WESTERN", "TRADITIONS"] as const
/** Men's subcategories by category type, in the shop's order. */
export const SUBCATEGORIES = {
  UPPERS: ["Hoodies", "Polo", "Oversized", "Regular"],
  LOWERS: ["Jeans", "Loose fit", "Slim fit", "Cargo pants", "Straight fit"],
} as const
export const COLLAR_STYLES = ["NO_COLLAR", "WITH_COLLAR"] as const
export const SLEEVE_TYPES = ["HALF", "FULL"] as const
export const SEASON_FITS = ["NEUTRAL", "SUMMER", "WINTER"] as const
export const FABRICS = ["Cotton", "Polyester", "Denim", "Wool", "Blend"] as const
export const COLOR_NAMES = ["Black", "White", "Blue", "Grey", "Green", "Red"] as const
export const GENRES = ["Marvel", "Streetwear", "Aesthetic", "Anime"] as const
export const PRODUCT_STATUSES = ["LIVE", "DRAFT", "ARCHIVED"] as const

export const SORTS = ["popular", "price_asc", "price_desc", "newest"] as const

/**
 * The page sizes the storefront asks listings in: the shop's pages, the home page's best sellers (spec
 * section 9: the 8 most popular) and a category tile's cover. The BFF caches listings of these sizes only.
 */
export const LISTING_PAGE_SIZES = { shop: 24, bestSellers: 8, categoryCover: 1 } as const
/** Ranges on the selling price in rupees, lower bound included, upper bound excluded. */
export const PRICE_RANGES = {
  "under-500": [0, 500],
  "500-1000": [500, 1000],
  "1000-1500": [1000, 1500],
  "1500-2000": [1500, 2000],
  "2000-3000": [2000, 3000],
  "above-3000": [3000, null],
} as const satisfies Record<string, readonly [number, number | null]>

export type Gender = (typeof GENDERS)[number]
export type CategoryType = (typeof CATEGORY_TYPES)[number]
export type StyleGroup = (typeof STYLE_GROUPS)[number]
export type CollarStyle = (typeof COLLAR_STYLES)[number]
export type SleeveType = (typeof SLEEVE_TYPES)[number]
export type SeasonFit = (typeof SEASON_FITS)[number]
export type Fabric = (typeof FABRICS)[number]
export type ColorName = (typeof COLOR_NAMES)[number]
export type Genre = (typeof GENRES)[number]
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]
export type Sort = (typeof SORTS)[number]
export type PriceRange = keyof typeof PRICE_RANGES
