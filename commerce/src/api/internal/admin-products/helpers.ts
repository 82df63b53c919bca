import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, toHandle } from "@medusajs/framework/utils"
import { randomBytes } from "node:crypto"
import { queryGraph, type QueryRow } from "../../../lib/query"
import { categoryPath } from "../../../lib/catalogue"
import { sizeOf, versionOf, type AdminProductWrite, type CurrentVariant, type ProductHome } from "../../../workflows/admin-products/utils/admin-product-plan"
import type { InternalAdminProductType } from "./validators"

const VIEW_FIELDS = [
  "id",
  "handle",
  "title",
  "description",
  "status",
  "thumbnail",
  "weight",
  "material",
  "metadata",
  "created_at",
  "updated_at",
  "images.url",
  "images.rank",
  "variants.id",
  "variants.sku",
  "variants.title",
  "variants.metadata",
  "variants.options.value",
  "variants.options.option.title",
  "variants.prices.amount",
  "variants.prices.currency_code",
  "variants.inventory.location_levels.stocked_quantity",
]

type PriceRow = { amount?: unknown; currency_code?: string | null } | null
type StockVariant = CurrentVariant & {
  sku?: string | null
  metadata?: Record<string, unknown> | null
  prices?: PriceRow[] | null
}

/** A product as the console reads it: Medusa's fields, each size's rupee price and units on hand, and its version. */
export type AdminProductView = {
  id: string
  handle: string
  title: string
  description: string | null
  status: string
  thumbnail: string | null
  weight: number | null
  material: string | null
  metadata: Record<string, unknown>
  version: number
  created_at: string
  updated_at: string
  images: { url: string; rank: number }[]
  variants: { id: string; sku: string | null; size: string; price: number | null; stock: number; metadata: Record<string, unknown> }[]
}

function inrPrice(prices: PriceRow[] | null | undefined): number | null {
  const price = (prices ?? []).find((row) => row?.currency_code?.toLowerCase() === "inr")
  const amount = Number(price?.amount)
  return price && Number.isFinite(amount) ? amount : null
}

function unitsOnHand(variant: CurrentVariant): number {
  return (variant.inventory ?? []).reduce(
    (sum, item) => sum + (item?.location_levels ?? []).reduce((units, level) => units + Number(level?.stocked_quantity ?? 0), 0),
    0,
  )
}

const isoDate = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value ?? ""))

function toView(row: QueryRow): AdminProductView {
  const metadata = (row.metadata ?? {}) as Record<string, unknown>
  const images = ((row.images ?? []) as ({ url: string; rank?: number | null } | null)[]).flatMap((image) =>
    image ? [{ url: image.url, rank: image.rank ?? 0 }] : [],
  )
  const variants = ((row.variants ?? []) as (StockVariant | null)[]).flatMap((variant) =>
    variant
      ? [
          {
            id: variant.id,
            sku: variant.sku ?? null,
            size: sizeOf(variant),
            price: inrPrice(variant.prices),
            stock: unitsOnHand(variant),
            metadata: variant.metadata ?? {},
          },
        ]
      : [],
  )
  return {
    id: String(row.id),
    handle: String(row.handle),
    title: String(row.title),
    description: (row.description as string | null) ?? null,
    status: String(row.status),
    thumbnail: (row.thumbnail as string | null) ?? null,
    weight: row.weight === null || row.weight === undefined ? null : Number(row.weight),
    material: (row.material as string | null) ?? null,
    metadata,
    version: versionOf(metadata),
    created_at: isoDate(row.created_at),
    updated_at: isoDate(row.updated_at),
    images: images.sort((a, b) => a.rank - b.rank),
    variants,
  }
}

/** One product as the console reads it; 404 when there is none. */
export async function adminProductView(scope: MedusaContainer, id: string): Promise<AdminProductView> {
  const { data } = await queryGraph(scope, { entity: "product", fields: VIEW_FIELDS, filters: { id } })
  if (!data[0]) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${id} was not found`)
  return toView(data[0])
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** A page of products, last changed first, with how many match in all. */
export async function adminProductPage(
  scope: MedusaContainer,
  { status, q, limit, offset }: { status?: string | undefined; q?: string | undefined; limit: number; offset: number },
): Promise<{ products: AdminProductView[]; count: number }> {
  const filters: Record<string, unknown> = {}
  if (status) filters.status = status
  if (q) filters.title = { $ilike: likePattern(q) }
  const { data, metadata } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "product",
    fields: VIEW_FIELDS,
    filters,
    pagination: { skip: offset, take: limit, order: { updated_at: "DESC", id: "ASC" } },
  })
  return { products: (data as QueryRow[]).map(toView), count: metadata?.count ?? data.length }
}

/** The storefront's sales channel, the stock location it sells from and the default shipping profile. */
export async function productHome(scope: MedusaContainer): Promise<ProductHome> {
  const { data: stores } = await queryGraph(scope, { entity: "store", fields: ["default_sales_channel_id"], filters: {} })
  const salesChannelId = stores[0]?.default_sales_channel_id
  if (typeof salesChannelId !== "string") throw new MedusaError(MedusaError.Types.NOT_FOUND, "The shop has no default sales channel; run the seed")
  const { data: channels } = await queryGraph(scope, { entity: "sales_channel", fields: ["stock_locations.id"], filters: { id: salesChannelId } })
  const locations = (channels[0]?.stock_locations ?? []) as ({ id: string } | null)[]
  // A shop seeded without the channel's link still has its one warehouse.
  const stockLocationId = locations.find((location) => location)?.id ?? (await scope.resolve(Modules.STOCK_LOCATION).listStockLocations({}, { take: 1 }))[0]?.id
  const [profile] = await scope.resolve(Modules.FULFILLMENT).listShippingProfiles({ type: "default" })
  if (!stockLocationId || !profile) throw new MedusaError(MedusaError.Types.NOT_FOUND, "The storefront has no stock location or shipping profile; run the seed")
  return { sales_channel_id: salesChannelId, stock_location_id: stockLocationId, shipping_profile_id: profile.id }
}

const textOf = (value: unknown) => (typeof value === "string" && value ? value : null)

/** The category the product sits in for ops (MEN › UPPERS › Hoodies, WOMEN › WESTERN), when the seed made it; none for an unfinished draft. */
async function categoryIds(scope: MedusaContainer, metadata: Record<string, unknown>): Promise<string[]> {
  const gender = textOf(metadata.gender)
  const categoryType = textOf(metadata.categoryType)
  const subcategory = textOf(metadata.subcategory)
  const styleGroup = textOf(metadata.styleGroup)
  let handle: string | undefined
  if (gender === "WOMEN")
    handle = categoryPath({ gender, categoryType: "UPPERS", subcategory: "", styleGroup: styleGroup === "TRADITIONS" ? "TRADITIONS" : "WESTERN" }).at(
      -1,
    )?.handle
  else if (gender === "MEN" && (categoryType === "UPPERS" || categoryType === "LOWERS") && subcategory) {
    handle = categoryPath({ gender, categoryType, subcategory, styleGroup: null }).at(-1)?.handle
  }
  if (!handle) return []
  const categories = await scope.resolve(Modules.PRODUCT).listProductCategories({ handle }, { select: ["id"] })
  return categories.map((category) => category.id)
}

/** The workflows' input for a validated body: the body plus the category its attributes name. */
export async function productWrite(scope: MedusaContainer, body: InternalAdminProductType): Promise<AdminProductWrite> {
  return { ...body, category_ids: await categoryIds(scope, body.metadata) }
}

/** A handle no other product has: the title's, with a random tail (copies share titles). */
export const uniqueHandle = (title: string) => `${toHandle(title).slice(0, 80) || "product"}-${randomBytes(3).toString("hex")}`

/** The error a workflow threw, as the type and text Medusa's errors carry (workflows rethrow them, not always as an Error). */
export function workflowFailure(error: unknown): { type: string; message: string } {
  const failure = (typeof error === "object" && error !== null ? error : {}) as { type?: unknown; message?: unknown }
  return { type: typeof failure.type === "string" ? failure.type : "", message: typeof failure.message === "string" ? failure.message : "" }
}
