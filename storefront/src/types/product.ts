import type { Measurements } from "@fitshop/contracts"

/** Product JSON as the BFF returns it; money fields are in paise. */
export type Gender = "MEN" | "WOMEN"
export type CategoryType = "UPPERS" | "LOWERS"
export type StyleGroup = "WESTERN" | "TRADITIONS"
export type CollarStyle = "NO_COLLAR" | "WITH_COLLAR"
export type SleeveType = "HALF" | "FULL"
export type SeasonFit = "NEUTRAL" | "SUMMER" | "WINTER"
export type ProductStatus = "LIVE" | "DRAFT" | "ARCHIVED"

export type ProductImage = {
  url: string
  /** Width-described candidates of the same picture, e.g. "/media/products/x.webp?w=320 320w, …". */
  srcSet?: string
  altText: string | null
  isPrimary: boolean
  position: number
}

export type ProductVideo = {
  url: string
}

export type { Measurements }

export type ProductVariant = {
  id: string
  size: string
  sizeSystem: "IN"
  sku: string | null
  stockOnHand: number
  inStock: boolean
  measurements: Measurements | null
}

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
  videos: ProductVideo[]
  gender: Gender
  categoryType: CategoryType | null
  subcategory: string | null
  styleGroup: StyleGroup | null
  genre: string | null
  colorName: string | null
  colorHex: string | null
  fabric: string | null
  collarStyle: CollarStyle | null
  sleeveType: SleeveType | null
  seasonFit: SeasonFit | null
  washInstructions: string | null
  weightGrams: number | null
  gstPercent: number | null
  isActive: boolean
  status: ProductStatus
  availableSizes: string[]
  sizes: string[]
  variants: ProductVariant[]
  createdAt: string
  updatedAt: string
}

/**
 * A product as listings and recommendations send it: what a card shows and the attributes the shop
 * filters on, with the primary image only. Variants, the gallery and the texts come with the product page.
 */
export type ListedProduct = Pick<
  Product,
  | "id"
  | "title"
  | "basePrice"
  | "mrp"
  | "imageUrl"
  | "images"
  | "gender"
  | "categoryType"
  | "subcategory"
  | "styleGroup"
  | "genre"
  | "colorName"
  | "colorHex"
  | "fabric"
  | "collarStyle"
  | "sleeveType"
  | "seasonFit"
  | "availableSizes"
  | "sizes"
  | "createdAt"
>

export type ProductListResponse = {
  products: ListedProduct[]
  total: number
}

/** The product page's two rows: 'More {subcategory}' and 'You might also like'. */
export type ProductRecommendations = {
  more: ListedProduct[]
  alsoLike: ListedProduct[]
}

export type ProductResponse = {
  product: Product
  recommendations?: ProductRecommendations
}
