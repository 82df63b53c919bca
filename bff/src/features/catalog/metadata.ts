import {
  CATEGORY_TYPES,
  COLLAR_STYLES,
  dropSchema,
  GENDERS,
  GST_PERCENT_MAX,
  measurementsSchema,
  SEASON_FITS,
  SIZES,
  SLEEVE_TYPES,
  STYLE_GROUPS,
  type Measurements,
  type Product,
  type ProductImage,
  type ProductVideo,
} from "@fitshop/contracts"
import { z } from "zod"
import { srcSetFor } from "../../lib/image-variants.js"
import { rupeesToPaise } from "../../lib/money.js"

type Head = Pick<Product, "id" | "handle" | "title" | "sku" | "description" | "basePrice" | "listPrice">

/**
 * The head of a Product, shared by the shop's and the console's presenters: the product's own fields, the
 * style's sku (the first size's, without its size suffix) and the price from the lowest of the variants'
 * prices in rupees (0 when none has one). `variants` are the presented ones, smallest size first.
 */
export function productHead(
  product: { id: string; handle: string; title: string; description?: string | null | undefined },
  variants: readonly { sku: string | null }[],
  rupeePrices: readonly (number | null | undefined)[],
): Head {
  const prices = rupeePrices.filter((price): price is number => typeof price === "number")
  const basePrice = prices.length ? rupeesToPaise(Math.min(...prices)) : 0
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    sku: variants[0]?.sku?.replace(/-[A-Z]+$/, "") ?? null,
    description: product.description ?? "",
    basePrice,
    listPrice: basePrice,
  }
}

const text = z.string().trim().min(1).nullish().catch(null)
const storedMedia = z.array(
  z.object({
    url: z.string(),
    altText: z.string().nullish().catch(null),
    isPrimary: z.boolean().catch(false),
    position: z.number().int().min(1).catch(1),
  }),
)

/**
 * The spec's attributes Medusa has no field for, as the seed and the console write them into a product's
 * metadata. Anything unreadable (an ops edit in Medusa's dashboard) reads as empty rather than failing.
 */
export const productMetadata = z.object({
  gender: z.enum(GENDERS).nullish().catch(null),
  categoryType: z.enum(CATEGORY_TYPES).nullish().catch(null),
  subcategory: text,
  styleGroup: z.enum(STYLE_GROUPS).nullish().catch(null),
  genre: text,
  colorName: text,
  colorHex: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullish()
    .catch(null),
  fabric: text,
  collarStyle: z.enum(COLLAR_STYLES).nullish().catch(null),
  sleeveType: z.enum(SLEEVE_TYPES).nullish().catch(null),
  seasonFit: z.enum(SEASON_FITS).nullish().catch(null),
  washInstructions: text,
  gstPercent: z.number().min(0).max(GST_PERCENT_MAX).nullish().catch(null),
  /** Only a stored `false` takes returns away: products saved before the flag (and the seed's) stay returnable. */
  returnable: z.boolean().catch(true),
  /** A scheduled drop as the console saved it; an unreadable one (an ops edit in Medusa's dashboard) reads as none. */
  drop: dropSchema.nullish().catch(null),
  countryOfOrigin: text,
  manufacturer: text,
  mrp: z.number().positive().nullish().catch(null),
  /** The console's alt texts, primary choice and videos (Medusa's images have only a url and a rank). */
  media: z
    .object({ images: storedMedia.catch([]), videos: storedMedia.catch([]) })
    .nullish()
    .catch(null),
})

export type ProductMetadata = z.output<typeof productMetadata>

const storedMeasurements = measurementsSchema.nullish().catch(null)

/** A variant's measurements in inches, or null when it has none (or they are unreadable). */
export const variantMeasurements = (metadata: Record<string, unknown> | null | undefined): Measurements | null =>
  storedMeasurements.parse(metadata?.measurements) ?? null

const SIZE_ORDER = new Map<string, number>(SIZES.map((size, index) => [size, index]))

/** Standard sizes smallest first; anything else after them. */
export function bySize(a: { size: string }, b: { size: string }): number {
  return (SIZE_ORDER.get(a.size) ?? SIZES.length) - (SIZE_ORDER.get(b.size) ?? SIZES.length)
}

/**
 * A product's pictures in rank order and its videos, with the console's alt texts (else `fallbackAlt`) and
 * one primary: the console's choice, else Medusa's thumbnail, else the first picture.
 */
export function presentMedia(
  images: readonly { url: string; rank?: number | null }[],
  thumbnail: string | null | undefined,
  meta: ProductMetadata,
  fallbackAlt: string | null,
): { images: ProductImage[]; videos: ProductVideo[] } {
  const stored = new Map((meta.media?.images ?? []).map((image) => [image.url, image]))
  const storedVideos = [...(meta.media?.videos ?? [])].sort((a, b) => a.position - b.position)
  const ranked = [...images].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))
  const primaryUrl = [...stored.values(), ...storedVideos].find((item) => item.isPrimary)?.url ?? thumbnail ?? ranked[0]?.url
  const primaryIsShown = ranked.some((image) => image.url === primaryUrl) || storedVideos.some((video) => video.url === primaryUrl)
  return {
    images: ranked.map((image, index) => ({
      url: image.url,
      srcSet: srcSetFor(image.url),
      altText: stored.get(image.url)?.altText ?? fallbackAlt,
      isPrimary: primaryIsShown ? image.url === primaryUrl : index === 0,
      position: index + 1,
    })),
    videos: storedVideos.map((video, index) => ({
      url: video.url,
      altText: video.altText ?? fallbackAlt,
      isPrimary: video.url === primaryUrl,
      position: index + 1,
    })),
  }
}

type Attributes = Pick<
  Product,
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
  | "washInstructions"
  | "gstPercent"
  | "returnable"
  | "drop"
  | "countryOfOrigin"
  | "manufacturer"
>

/** The spec's attributes of a product, from its metadata (Medusa's `material` when no fabric was given); men's products have no style group. */
export function productAttributes(meta: ProductMetadata, material: string | null | undefined): Attributes {
  const gender = meta.gender ?? "MEN"
  return {
    gender,
    categoryType: meta.categoryType ?? null,
    subcategory: meta.subcategory ?? null,
    styleGroup: gender === "WOMEN" ? (meta.styleGroup ?? null) : null,
    genre: meta.genre ?? null,
    colorName: meta.colorName ?? null,
    colorHex: meta.colorHex ?? null,
    fabric: meta.fabric ?? material ?? null,
    collarStyle: meta.collarStyle ?? null,
    sleeveType: meta.sleeveType ?? null,
    seasonFit: meta.seasonFit ?? null,
    washInstructions: meta.washInstructions ?? null,
    gstPercent: meta.gstPercent ?? null,
    returnable: meta.returnable,
    drop: meta.drop ?? null,
    countryOfOrigin: meta.countryOfOrigin ?? null,
    manufacturer: meta.manufacturer ?? null,
  }
}
