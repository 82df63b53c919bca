import { z } from "zod"
import {
  CATEGORY_TYPES,
  COLLAR_STYLES,
  COLOR_NAMES,
  FABRICS,
  GENDERS,
  GENRES,
  PRICE_RANGES,
  PRODUCT_STATUSES,
  SEASON_FITS,
  SLEEVE_TYPES,
  SORTS,
  STYLE_GROUPS,
  SUBCATEGORIES,
  type CategoryType,
  type PriceRange,
} from "./catalog-vocabulary.js"
import { DROP_LIMIT_DEFAULT, DROP_LIMIT_MAX, DROP_LIMIT_MIN, DROP_MESSAGES, type DropsAnswer } from "./drops.js"
import { measurementsSchema } from "./measurements.js"
import { reviewSummarySchema } from "./reviews.js"

// The vocabulary lives apart, without zod: the storefront's first page imports it, and a module of schemas would
// bring zod into that bundle.
export * from "./catalog-vocabulary.js"

/** srcSet lists the widths the BFF serves of the image (`/media/…?w=480 480w, …`). */
export const productImageSchema = z.strictObject({
  url: z.string(),
  srcSet: z.string().optional(),
  altText: z.string().nullable(),
  isPrimary: z.boolean(),
  position: z.number(),
})
export type ProductImage = z.infer<typeof productImageSchema>

/** The console reads a video back with its alt text, primary flag and position, as it sent them. */
export const productVideoSchema = z.strictObject({
  url: z.string(),
  altText: z.string().nullable().optional(),
  isPrimary: z.boolean().optional(),
  position: z.number().optional(),
})
export type ProductVideo = z.infer<typeof productVideoSchema>

export const productVariantSchema = z.strictObject({
  id: z.string(),
  size: z.string(),
  sizeSystem: z.literal("IN"),
  sku: z.string().nullable(),
  stockOnHand: z.number(),
  inStock: z.boolean(),
  measurements: measurementsSchema.nullable(),
})
export type ProductVariant = z.infer<typeof productVariantSchema>

/** A scheduled drop (issue 47): the moment it opens, with its offset, and how many one shopper may buy (1 unless staff say). */
export const dropSchema = z.strictObject({
  startsAt: z.iso.datetime({ offset: true, message: DROP_MESSAGES.startsAt }),
  limitPerShopper: z
    .number({ message: DROP_MESSAGES.limit })
    .int(DROP_MESSAGES.limit)
    .min(DROP_LIMIT_MIN, DROP_MESSAGES.limit)
    .max(DROP_LIMIT_MAX, DROP_MESSAGES.limit)
    .default(DROP_LIMIT_DEFAULT),
})

/** `GET /api/drops` (contracts/src/drops.ts: DropsAnswer). */
export const dropsAnswerSchema = z.strictObject({
  drops: z.array(
    z.strictObject({
      productId: z.string(),
      title: z.string(),
      startsAt: z.iso.datetime({ offset: true }),
      live: z.boolean(),
      remaining: z.number().int().min(0),
    }),
  ),
}) satisfies z.ZodType<DropsAnswer>

/** The spec's Product as the API returns it; money in paise. */
export const productSchema = z.strictObject({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  description: z.string(),
  basePrice: z.number(),
  listPrice: z.number(),
  mrp: z.number().nullable(),
  imageUrl: z.string().nullable(),
  images: z.array(productImageSchema),
  videos: z.array(productVideoSchema),
  gender: z.enum(GENDERS),
  categoryType: z.enum(CATEGORY_TYPES).nullable(),
  subcategory: z.string().nullable(),
  styleGroup: z.enum(STYLE_GROUPS).nullable(),
  genre: z.string().nullable(),
  colorName: z.string().nullable(),
  colorHex: z.string().nullable(),
  fabric: z.string().nullable(),
  collarStyle: z.enum(COLLAR_STYLES).nullable(),
  sleeveType: z.enum(SLEEVE_TYPES).nullable(),
  seasonFit: z.enum(SEASON_FITS).nullable(),
  washInstructions: z.string().nullable(),
  weightGrams: z.number().nullable(),
  gstPercent: z.number().nullable(),
  /** False when staff marked the product not returnable: no return or exchange after delivery. */
  returnable: z.boolean(),
  /** When staff scheduled it as a drop: not sold before `startsAt`; null for an ordinary product. */
  drop: dropSchema.nullable(),
  /** Legal Metrology declarations an online listing must show (Packaged Commodities Rules r.6(10)); null until staff declare them. */
  countryOfOrigin: z.string().nullable(),
  /** The manufacturer's, packer's or importer's name and address, as staff wrote it. */
  manufacturer: z.string().nullable(),
  isActive: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  availableSizes: z.array(z.string()),
  sizes: z.array(z.string()),
  variants: z.array(productVariantSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Product = z.infer<typeof productSchema>

/** What a listing sends of each product: what a card shows and the attributes the shop filters on. */
export const LISTED_FIELDS = [
  "id",
  "title",
  "basePrice",
  "mrp",
  "imageUrl",
  "images",
  "gender",
  "categoryType",
  "subcategory",
  "styleGroup",
  "genre",
  "colorName",
  "colorHex",
  "fabric",
  "collarStyle",
  "sleeveType",
  "seasonFit",
  "availableSizes",
  "sizes",
  "createdAt",
] as const satisfies readonly (keyof Product)[]

/** LISTED_FIELDS as the mask `pick` takes (Object.fromEntries forgets the keys' names, so they are restated). */
const listedMask = Object.fromEntries(LISTED_FIELDS.map((field) => [field, true])) as Record<(typeof LISTED_FIELDS)[number], true>

/**
 * A product as listings and recommendations send it, with the primary image only. Variants (ids, stock,
 * measurements), the gallery, texts and care details come with the product page (`/api/products/{id}`).
 */
export const listedProductSchema = productSchema.pick(listedMask)
export type ListedProduct = z.infer<typeof listedProductSchema>

/** `GET /api/products`. */
export const productListSchema = z.strictObject({ products: z.array(listedProductSchema), total: z.number().int().nonnegative() })
export type ProductList = z.infer<typeof productListSchema>

/** The product page's two rows: 'More {subcategory}' and 'You might also like'. */
export const productRecommendationsSchema = z.strictObject({ more: z.array(listedProductSchema), alsoLike: z.array(listedProductSchema) })
export type ProductRecommendations = z.infer<typeof productRecommendationsSchema>

/** The product as its page reads it: with its reviews' rating, their distribution and the fit verdict. */
export const productDetailSchema = productSchema.extend(reviewSummarySchema.shape)
export type ProductDetail = z.infer<typeof productDetailSchema>

/** `GET /api/products/{id}`. */
export const productPageSchema = z.strictObject({ product: productDetailSchema, recommendations: productRecommendationsSchema })
export type ProductPage = z.infer<typeof productPageSchema>

const allSubcategories = [...SUBCATEGORIES.UPPERS, ...SUBCATEGORIES.LOWERS] as const

/** One of the spec's values; anything else is a 400 that lists the allowed ones. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { message: `must be one of ${values.join(", ")}` }).optional()
}

/** The listing's filters in the API's own names and values (spec section 9), which search narrows by too. */
export const listingFilters = z.object({
  gender: oneOf(GENDERS),
  categoryType: oneOf(CATEGORY_TYPES),
  subcategory: oneOf(allSubcategories),
  styleGroup: oneOf(STYLE_GROUPS),
  priceRange: oneOf(Object.keys(PRICE_RANGES) as [PriceRange, ...PriceRange[]]),
  collarStyle: oneOf(COLLAR_STYLES),
  sleeveType: oneOf(SLEEVE_TYPES),
  fabric: oneOf(FABRICS),
  colorName: oneOf(COLOR_NAMES),
  seasonFit: oneOf(SEASON_FITS),
  genre: oneOf(GENRES),
})

/** A subcategory filter must be of the category type filtered on. */
export function checkSubcategoryOfType(query: { categoryType?: CategoryType; subcategory?: string }, ctx: z.RefinementCtx): void {
  if (query.subcategory && query.categoryType) {
    const group: readonly string[] = SUBCATEGORIES[query.categoryType]
    if (!group.includes(query.subcategory)) {
      ctx.addIssue({ code: "custom", path: ["subcategory"], message: `${query.subcategory} is not a ${query.categoryType} subcategory` })
    }
  }
}

/** `GET /api/products`' query (spec section 9): the filters in the API's own names and values. */
export const listProductsQuery = listingFilters
  .extend({
    active: z.enum(["true"], { message: "only active=true is served to shoppers" }).optional(),
    sort: z.enum(SORTS, { message: `must be one of ${SORTS.join(", ")}` }).default("popular"),
    limit: z.coerce.number().int().min(1).max(100).default(24),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .superRefine(checkSubcategoryOfType)
export type ListProductsQuery = z.output<typeof listProductsQuery>
/** The query as a client writes it (before the BFF's defaults and coercion). */
export type ListProductsParams = z.input<typeof listProductsQuery>
