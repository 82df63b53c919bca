/** The spec's Product as the API returns it; money in paise. */

import type { Measurements } from "@fitshop/contracts"

export const GENDERS = ["MEN", "WOMEN"] as const
export const CATEGORY_TYPES = ["UPPERS", "LOWERS"] as const
export const STYLE_GROUPS = ["WESTERN", "TRADITIONS"] as const
export const SUBCATEGORIES = {
  UPPERS: ["Hoodies", "Polo", "Oversized", "Regular"],
  LOWERS: ["Jeans", "Loose fit", "Slim fit", "Cargo pants", "Straight fit"],
} as const

export const SORTS = ["popular", "price_asc", "price_desc", "newest"] as const
/** Ranges on the selling price in rupees, lower bound included, upper bound excluded. */
export const PRICE_RANGES = {
  "under-500": [0, 500],
  "500-1000": [500, 1000],
  "1000-1500": [1000, 1500],
  "1500-2000": [1500, 2000],
  "2000-3000": [2000, 3000],
  "above-3000": [3000, null],
} as const satisfies Record<string, readonly [number, number | null]>
export const COLLAR_STYLES = ["NO_COLLAR", "WITH_COLLAR"] as const
export const SLEEVE_TYPES = ["HALF", "FULL"] as const
export const FABRICS = ["Cotton", "Polyester", "Denim", "Wool", "Blend"] as const
export const COLOR_NAMES = ["Black", "White", "Blue", "Grey", "Green", "Red"] as const
export const SEASON_FITS = ["NEUTRAL", "SUMMER", "WINTER"] as const
export const GENRES = ["Marvel", "Streetwear", "Aesthetic", "Anime"] as const

export type ProductVariant = {
  id: string
  size: string
  sizeSystem: "IN"
  sku: string | null
  stockOnHand: number
  inStock: boolean
  measurements: Measurements | null
}

/** srcSet lists the widths the BFF serves of the image (`/media/…?w=480 480w, …`). */
export type ProductImage = { url: string; srcSet?: string; altText: string | null; isPrimary: boolean; position: number }

export type Product = {
  id: string
  handle: string
  title: string
  sku: string | null
  description: string
  basePrice: number
  listPrice: number
  mrp: number | null
  imageUrl: string | null
  images: ProductImage[]
  videos: { url: string }[]
  gender: (typeof GENDERS)[number]
  categoryType: (typeof CATEGORY_TYPES)[number] | null
  subcategory: string | null
  styleGroup: (typeof STYLE_GROUPS)[number] | null
  genre: string | null
  colorName: string | null
  colorHex: string | null
  fabric: string | null
  collarStyle: "NO_COLLAR" | "WITH_COLLAR" | null
  sleeveType: "HALF" | "FULL" | null
  seasonFit: "NEUTRAL" | "SUMMER" | "WINTER" | null
  washInstructions: string | null
  weightGrams: number | null
  gstPercent: number | null
  isActive: boolean
  status: "LIVE" | "DRAFT" | "ARCHIVED"
  availableSizes: string[]
  sizes: string[]
  variants: ProductVariant[]
  createdAt: string
  updatedAt: string
}

/** What a listing sends of each product: what a card shows and the attributes the shop filters on. */
const LISTED_FIELDS = [
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

/**
 * A product as listings and recommendations send it, with the primary image only. Variants (ids, stock,
 * measurements), the gallery, texts and care details come with the product page (`/api/products/{id}`):
 * 24 products are about 21 KB instead of 52 KB.
 */
export type ListedProduct = Pick<Product, (typeof LISTED_FIELDS)[number]>

/** The picture that stands for a product: its primary image, else its first. */
export const primaryImage = (product: Pick<Product, "images">): ProductImage | undefined => product.images.find((image) => image.isPrimary) ?? product.images[0]

export function listingDocument(product: Product): ListedProduct {
  const primary = primaryImage(product)
  const listed = Object.fromEntries(LISTED_FIELDS.map((field) => [field, product[field]])) as ListedProduct
  return { ...listed, images: primary ? [primary] : [] }
}
