import type { AdminProduct, ProductVariant } from "@fitshop/contracts"
import { z } from "zod"
import { rupeesToPaise } from "../../lib/money.js"
import { bySize, presentMedia, productAttributes, productHead, productMetadata, variantMeasurements } from "../catalog/index.js"
import { consoleStatus } from "./medusa-product.js"

/** A product as commerce's /internal/admin-products routes answer it (amounts in rupees). */
export const commerceAdminProduct = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  thumbnail: z.string().nullable(),
  weight: z.number().nullable(),
  material: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  version: z.number().int().min(1),
  created_at: z.string(),
  updated_at: z.string(),
  images: z.array(z.object({ url: z.string(), rank: z.number() })),
  variants: z.array(
    z.object({
      id: z.string(),
      sku: z.string().nullable(),
      size: z.string(),
      price: z.number().nullable(),
      stock: z.number(),
      metadata: z.record(z.string(), z.unknown()),
    }),
  ),
})

export type CommerceAdminProduct = z.infer<typeof commerceAdminProduct>

function presentVariant(variant: CommerceAdminProduct["variants"][number]): ProductVariant {
  const stockOnHand = Math.max(0, variant.stock)
  return {
    id: variant.id,
    size: variant.size,
    sizeSystem: "IN",
    sku: variant.sku,
    stockOnHand,
    inStock: stockOnHand > 0,
    measurements: variantMeasurements(variant.metadata),
  }
}

/**
 * A product as the console reads it: the shop's Product with its real status, units on hand per size (what
 * the editor sets, not what is left after reservations), alt texts, videos and the version an update names.
 */
export function presentAdminProduct(product: CommerceAdminProduct): AdminProduct {
  const meta = productMetadata.parse(product.metadata)
  const { images, videos } = presentMedia(product.images, product.thumbnail, meta, null)
  const variants = product.variants.map(presentVariant).sort(bySize)
  const status = consoleStatus(product.status)
  return {
    ...productHead(
      product,
      variants,
      product.variants.map((variant) => variant.price),
    ),
    mrp: meta.mrp ? rupeesToPaise(meta.mrp) : null,
    imageUrl: images.find((image) => image.isPrimary)?.url ?? images[0]?.url ?? null,
    images,
    videos,
    ...productAttributes(meta, product.material),
    weightGrams: product.weight,
    isActive: status === "LIVE",
    status,
    availableSizes: variants.filter((variant) => variant.inStock).map((variant) => variant.size),
    sizes: variants.map((variant) => variant.size),
    variants,
    createdAt: product.created_at,
    updatedAt: product.updated_at,
    version: product.version,
  }
}
