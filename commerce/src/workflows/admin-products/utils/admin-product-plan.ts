import { SIZES } from "../../../lib/catalogue"

/** The Medusa statuses the console's DRAFT, LIVE and ARCHIVED map onto; only published products reach the store API. */
export const ADMIN_STATUSES = ["draft", "published", "rejected"] as const
export type AdminStatus = (typeof ADMIN_STATUSES)[number]

/** The product option every variant hangs off, one value per size (as the seed makes them). */
export const SIZE_OPTION = "Size"

/** One size of a product: its units at the shop's stock location and its measurements (inches). */
export type SizeInput = { size: string; stock: number; measurements: Record<string, unknown> | null }

/**
 * A product as the console saves it, in Medusa's terms: the price in rupees (every size sells at it),
 * attributes, media details and the version in metadata.
 */
export type AdminProductWrite = {
  title: string
  description: string
  status: AdminStatus
  price: number | null
  weight: number | null
  material: string | null
  thumbnail: string | null
  images: { url: string }[]
  metadata: Record<string, unknown>
  category_ids: string[]
  sizes: SizeInput[]
}

/** Where a new product is sold, stocked and shipped from: the storefront's sales channel, its stock location, the default profile. */
export type ProductHome = { sales_channel_id: string; stock_location_id: string; shipping_profile_id: string }

/** A product's variant as the plans read it back from Medusa. */
export type CurrentVariant = {
  id: string
  title?: string | null
  options?: ({ value?: string | null; option?: { title?: string | null } | null } | null)[] | null
  inventory?: ({ id: string; location_levels?: ({ location_id: string; stocked_quantity: number } | null)[] | null } | null)[] | null
}

export type CurrentProduct = { id: string; handle: string; metadata?: Record<string, unknown> | null; variants?: (CurrentVariant | null)[] | null }

/** The metadata key of the version an update must name. */
export const VERSION_KEY = "version"

/** The version stored on a product; products made before versions (the seed's) are at 1. */
export function versionOf(metadata: Record<string, unknown> | null | undefined): number {
  const version = metadata?.[VERSION_KEY]
  return typeof version === "number" && Number.isInteger(version) && version >= 1 ? version : 1
}

/** The lock every change to one product takes, so a version is checked and bumped by one writer at a time. */
export const productLockKey = (productId: string) => `admin-product:${productId}`

/** A variant's size: its Size option value, or its title for variants made without one. */
export function sizeOf(variant: CurrentVariant): string {
  const option = variant.options?.find((value) => value?.option?.title?.toLowerCase() === SIZE_OPTION.toLowerCase())
  return (option?.value ?? variant.title ?? "").trim().toUpperCase()
}

export const skuOf = (handle: string, size: string) => `${handle}-${size}`.toUpperCase()

const pricesOf = (price: number | null) => (price === null ? [] : [{ amount: price, currency_code: "inr" }])

function newVariant(handle: string, row: SizeInput, price: number | null) {
  return {
    title: row.size,
    sku: skuOf(handle, row.size),
    options: { [SIZE_OPTION]: row.size },
    manage_inventory: true,
    metadata: { measurements: row.measurements },
    prices: pricesOf(price),
  }
}

/** createProductsWorkflow's input for a new product at version 1, sold in the storefront and shipped with the default profile. */
export function newProductInput(input: AdminProductWrite & { handle: string }, home: ProductHome) {
  return {
    title: input.title,
    handle: input.handle,
    description: input.description,
    status: input.status,
    weight: input.weight ?? undefined,
    material: input.material ?? undefined,
    thumbnail: input.thumbnail ?? undefined,
    images: input.images,
    metadata: { ...input.metadata, [VERSION_KEY]: 1 },
    category_ids: input.category_ids,
    options: [{ title: SIZE_OPTION, values: [...SIZES] }],
    variants: input.sizes.map((row) => newVariant(input.handle, row, input.price)),
    sales_channels: [{ id: home.sales_channel_id }],
    shipping_profile_id: home.shipping_profile_id,
  }
}

/** updateProductsWorkflow's input for the product's own fields (variants untouched), at the next version. */
export function productUpdate(current: CurrentProduct, input: AdminProductWrite) {
  return {
    id: current.id,
    title: input.title,
    description: input.description,
    status: input.status,
    weight: input.weight,
    material: input.material,
    thumbnail: input.thumbnail,
    images: input.images,
    metadata: { ...input.metadata, [VERSION_KEY]: versionOf(current.metadata) + 1 },
    category_ids: input.category_ids,
  }
}

/** What becomes of each size: new sizes get variants, kept ones their new price and measurements, dropped ones are deleted. */
export function variantChanges(current: CurrentProduct, input: AdminProductWrite) {
  const variants = (current.variants ?? []).filter((variant): variant is CurrentVariant => variant !== null)
  const bySize = new Map(variants.map((variant) => [sizeOf(variant), variant]))
  const wanted = new Set(input.sizes.map((row) => row.size))
  return {
    create: input.sizes.filter((row) => !bySize.has(row.size)).map((row) => ({ ...newVariant(current.handle, row, input.price), product_id: current.id })),
    update: input.sizes.flatMap((row) => {
      const variant = bySize.get(row.size)
      return variant ? [{ id: variant.id, metadata: { measurements: row.measurements }, prices: pricesOf(input.price) }] : []
    }),
    delete: variants.filter((variant) => !wanted.has(sizeOf(variant))).map((variant) => variant.id),
  }
}

type LevelInput = { inventory_item_id: string; location_id: string; stocked_quantity: number }

/** The inventory levels at the stock location that make each size's units what the console says. */
export function levelChanges(variants: (CurrentVariant | null)[], sizes: SizeInput[], locationId: string): { create: LevelInput[]; update: LevelInput[] } {
  const stockBySize = new Map(sizes.map((row) => [row.size, row.stock]))
  const create: LevelInput[] = []
  const update: LevelInput[] = []
  for (const variant of variants) {
    const stock = variant ? stockBySize.get(sizeOf(variant)) : undefined
    if (!variant || stock === undefined) continue
    for (const item of variant.inventory ?? []) {
      if (!item) continue
      const level = item.location_levels?.find((candidate) => candidate?.location_id === locationId)
      const wanted = { inventory_item_id: item.id, location_id: locationId, stocked_quantity: stock }
      if (!level) create.push(wanted)
      else if (level.stocked_quantity !== stock) update.push(wanted)
    }
  }
  return { create, update }
}
