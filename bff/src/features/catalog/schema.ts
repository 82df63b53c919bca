import {
  CATEGORY_TYPES,
  COLLAR_STYLES,
  COLOR_NAMES,
  FABRICS,
  GENDERS,
  GENRES,
  PRICE_RANGES,
  PRODUCT_ID_PATTERN,
  SEASON_FITS,
  SLEEVE_TYPES,
  SORTS,
  STYLE_GROUPS,
  SUBCATEGORIES,
} from "@fitshop/contracts"
import { z } from "zod"

const allSubcategories = [...SUBCATEGORIES.UPPERS, ...SUBCATEGORIES.LOWERS] as const

/** One of the spec's values; anything else is a 400 that lists the allowed ones. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { message: `must be one of ${values.join(", ")}` }).optional()
}

export const listProductsQuery = z
  .object({
    active: z.enum(["true"], { message: "only active=true is served to shoppers" }).optional(),
    gender: oneOf(GENDERS),
    categoryType: oneOf(CATEGORY_TYPES),
    subcategory: oneOf(allSubcategories),
    styleGroup: oneOf(STYLE_GROUPS),
    sort: z.enum(SORTS, { message: `must be one of ${SORTS.join(", ")}` }).default("popular"),
    priceRange: oneOf(Object.keys(PRICE_RANGES) as [keyof typeof PRICE_RANGES, ...(keyof typeof PRICE_RANGES)[]]),
    collarStyle: oneOf(COLLAR_STYLES),
    sleeveType: oneOf(SLEEVE_TYPES),
    fabric: oneOf(FABRICS),
    colorName: oneOf(COLOR_NAMES),
    seasonFit: oneOf(SEASON_FITS),
    genre: oneOf(GENRES),
    limit: z.coerce.number().int().min(1).max(100).default(24),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .superRefine((query, ctx) => {
    if (query.subcategory && query.categoryType) {
      const group: readonly string[] = SUBCATEGORIES[query.categoryType]
      if (!group.includes(query.subcategory)) {
        ctx.addIssue({ code: "custom", path: ["subcategory"], message: `${query.subcategory} is not a ${query.categoryType} subcategory` })
      }
    }
  })

export type ListProductsQuery = z.infer<typeof listProductsQuery>

export const productIdParams = z.object({
  id: z.string().regex(PRODUCT_ID_PATTERN, { message: "is not a product id" }),
})
