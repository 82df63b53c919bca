import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { notifyCatalogChanged } from "../lib/notify-bff"
import { queryGraph } from "../lib/query"

type EventData = { id?: string | string[] }

const PRODUCT_EVENTS = ["product.created", "product.updated", "product.deleted"]
const VARIANT_EVENTS = ["product-variant.created", "product-variant.updated", "product-variant.deleted"]
const STOCK_EVENTS = [
  "inventory-level.created",
  "inventory-level.updated",
  "inventory-level.deleted",
  "reservation-item.created",
  "reservation-item.updated",
  "reservation-item.deleted",
]
const PRICE_EVENTS = ["price.created", "price.updated", "price.deleted"]

function ids(data: EventData): string[] {
  return ([] as string[]).concat(data.id ?? []).filter((id) => typeof id === "string")
}

function productIdsOfVariants(variants: unknown): string[] {
  return (Array.isArray(variants) ? variants : [variants])
    .map((variant) => (variant as { product_id?: unknown } | null)?.product_id)
    .filter((id): id is string => typeof id === "string")
}

/** The products an event touches, found through Medusa's links (stock and prices hang off variants). */
async function affectedProducts(container: MedusaContainer, name: string, data: EventData): Promise<string[] | "all"> {
  const eventIds = ids(data)
  if (!eventIds.length) return "all"
  if (PRODUCT_EVENTS.includes(name)) return eventIds
  if (VARIANT_EVENTS.includes(name)) {
    const { data: variants } = await queryGraph(container, { entity: "product_variant", fields: ["product_id"], filters: { id: eventIds }, withDeleted: true })
    return productIdsOfVariants(variants)
  }
  if (STOCK_EVENTS.includes(name)) {
    const entity = name.startsWith("inventory-level") ? "inventory_level" : "reservation_item"
    const { data: rows } = await queryGraph(container, { entity, fields: ["inventory_item_id"], filters: { id: eventIds }, withDeleted: true })
    const itemIds = rows.map((row) => row.inventory_item_id).filter((id): id is string => typeof id === "string")
    if (!itemIds.length) return "all"
    const { data: items } = await queryGraph(container, { entity: "inventory_item", fields: ["variants.product_id"], filters: { id: itemIds } })
    return items.flatMap((item) => productIdsOfVariants(item.variants))
  }
  if (PRICE_EVENTS.includes(name)) {
    const { data: prices } = await queryGraph(container, { entity: "price", fields: ["price_set_id"], filters: { id: eventIds }, withDeleted: true })
    const setIds = prices.map((row) => row.price_set_id).filter((id): id is string => typeof id === "string")
    if (!setIds.length) return "all"
    const { data: sets } = await queryGraph(container, { entity: "price_set", fields: ["variant.product_id"], filters: { id: setIds } })
    return sets.flatMap((set) => productIdsOfVariants(set.variant))
  }
  return "all"
}

/** Tells the BFF which products a product, variant, price or stock event touched. */
export default async function catalogChanged({ event, container }: SubscriberArgs<EventData>) {
  if (!process.env.BFF_INTERNAL_URL) return
  let affected: string[] | "all"
  try {
    affected = await affectedProducts(container, event.name, event.data)
  } catch (error) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`Could not map ${event.name} to products: ${(error as Error).message}`)
    affected = "all"
  }
  if (affected !== "all" && !affected.length) return
  await notifyCatalogChanged(container, affected === "all" ? { all: true } : { productIds: [...new Set(affected)] }, event.name)
}

export const config: SubscriberConfig = {
  event: [...PRODUCT_EVENTS, ...VARIANT_EVENTS, ...STOCK_EVENTS, ...PRICE_EVENTS],
}
