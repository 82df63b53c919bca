import {
  CATEGORY_TYPES,
  COLLAR_STYLES,
  GENDERS,
  SEASON_FITS,
  SLEEVE_TYPES,
  type Measurements,
  measurementsSchema,
  type Product,
  type ProductVariant,
  SIZES,
  STYLE_GROUPS,
} from "@fitshop/contracts"
import type { HttpTypes } from "@medusajs/types"
import { z } from "zod"
import { srcSetFor } from "../../lib/image-variants.js"

/** Medusa stores rupees (major units); the API speaks paise. The one conversion point. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100)
}

const text = z.string().trim().min(1).nullish().catch(null)
const metadataSchema = z.object({
  gender: z.enum(GENDERS).catch("MEN"),
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
  gstPercent: z.number().min(0).max(28).nullish().catch(null),
  mrp: z.number().positive().nullish().catch(null),
})

const storedMeasurements = measurementsSchema.nullish().catch(null)

const SIZE_ORDER = new Map<string, number>(SIZES.map((size, index) => [size, index]))

function bySize(a: { size: string }, b: { size: string }): number {
  return (SIZE_ORDER.get(a.size) ?? SIZES.length) - (SIZE_ORDER.get(b.size) ?? SIZES.length)
}

function variantSize(variant: HttpTypes.StoreProductVariant): string {
  const option = variant.options?.find((value) => value.option?.title?.toLowerCase() === "size")
  return (option?.value ?? variant.title ?? "").trim().toUpperCase()
}

function presentVariant(variant: HttpTypes.StoreProductVariant): ProductVariant {
  const stockOnHand = Math.max(0, variant.inventory_quantity ?? 0)
  const unlimited = variant.manage_inventory === false || variant.allow_backorder === true
  const measurements: Measurements | null = storedMeasurements.parse(variant.metadata?.measurements) ?? null
  return {
    id: variant.id,
    size: variantSize(variant),
    sizeSystem: "IN",
    sku: variant.sku ?? null,
    stockOnHand,
    inStock: unlimited || stockOnHand > 0,
    measurements,
  }
}

/** Turns a Medusa store product (with prices, stock and metadata) into the spec's Product. */
export function presentProduct(product: HttpTypes.StoreProduct): Product {
  const meta = metadataSchema.parse(product.metadata ?? {})
  const sourceVariants = product.variants ?? []
  const variants = sourceVariants.map(presentVariant).sort(bySize)
  const prices = sourceVariants.map((variant) => variant.calculated_price?.calculated_amount).filter((amount): amount is number => typeof amount === "number")
  const basePrice = prices.length ? rupeesToPaise(Math.min(...prices)) : 0
  const mrp = meta.mrp ? rupeesToPaise(meta.mrp) : null
  const images = [...(product.images ?? [])]
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))
    .map((image, index) => ({ url: image.url, srcSet: srcSetFor(image.url), altText: product.title, isPrimary: false, position: index + 1 }))
  const primary = images.find((image) => image.url === product.thumbnail) ?? images[0]
  if (primary) primary.isPrimary = true

  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    sku: variants[0]?.sku?.replace(/-[A-Z]+$/, "") ?? null,
    description: product.description ?? "",
    basePrice,
    listPrice: basePrice,
    mrp: mrp !== null && mrp > basePrice ? mrp : null,
    imageUrl: primary?.url ?? product.thumbnail ?? null,
    images,
    videos: [],
    gender: meta.gender,
    categoryType: meta.categoryType ?? null,
    subcategory: meta.subcategory ?? null,
    styleGroup: meta.gender === "WOMEN" ? (meta.styleGroup ?? null) : null,
    genre: meta.genre ?? null,
    colorName: meta.colorName ?? null,
    colorHex: meta.colorHex ?? null,
    fabric: meta.fabric ?? product.material ?? null,
    collarStyle: meta.collarStyle ?? null,
    sleeveType: meta.sleeveType ?? null,
    seasonFit: meta.seasonFit ?? null,
    washInstructions: meta.washInstructions ?? null,
    weightGrams: typeof product.weight === "number" ? product.weight : null,
    gstPercent: meta.gstPercent ?? null,
    isActive: true,
    status: "LIVE",
    availableSizes: variants.filter((variant) => variant.inStock).map((variant) => variant.size),
    sizes: variants.map((variant) => variant.size),
    variants,
    createdAt: String(product.created_at ?? ""),
    updatedAt: String(product.updated_at ?? ""),
  }
}
