import type { Product, ProductVariant } from "@fitshop/contracts"
import type { HttpTypes } from "@medusajs/types"
import { rupeesToPaise } from "../../lib/money.js"
import { bySize, presentMedia, productAttributes, productHead, productMetadata, variantMeasurements } from "./metadata.js"

function variantSize(variant: HttpTypes.StoreProductVariant): string {
  const option = variant.options?.find((value) => value.option?.title?.toLowerCase() === "size")
  return (option?.value ?? variant.title ?? "").trim().toUpperCase()
}

function presentVariant(variant: HttpTypes.StoreProductVariant): ProductVariant {
  const stockOnHand = Math.max(0, variant.inventory_quantity ?? 0)
  const unlimited = variant.manage_inventory === false || variant.allow_backorder === true
  return {
    id: variant.id,
    size: variantSize(variant),
    sizeSystem: "IN",
    sku: variant.sku ?? null,
    stockOnHand,
    inStock: unlimited || stockOnHand > 0,
    measurements: variantMeasurements(variant.metadata),
  }
}

/** Turns a Medusa store product (with prices, stock and metadata) into the spec's Product. */
export function presentProduct(product: HttpTypes.StoreProduct): Product {
  const meta = productMetadata.parse(product.metadata ?? {})
  const sourceVariants = product.variants ?? []
  const variants = sourceVariants.map(presentVariant).sort(bySize)
  const head = productHead(
    product,
    variants,
    sourceVariants.map((variant) => variant.calculated_price?.calculated_amount),
  )
  const mrp = meta.mrp ? rupeesToPaise(meta.mrp) : null
  const { images, videos } = presentMedia(product.images ?? [], product.thumbnail, meta, product.title)
  const primary = images.find((image) => image.isPrimary)

  return {
    ...head,
    mrp: mrp !== null && mrp > head.basePrice ? mrp : null,
    imageUrl: primary?.url ?? product.thumbnail ?? null,
    images,
    videos,
    ...productAttributes(meta, product.material),
    weightGrams: typeof product.weight === "number" ? product.weight : null,
    isActive: true,
    status: "LIVE",
    availableSizes: variants.filter((variant) => variant.inStock).map((variant) => variant.size),
    sizes: variants.map((variant) => variant.size),
    variants,
    createdAt: String(product.created_at ?? ""),
    updatedAt: String(product.updated_at ?? ""),
  }
}
