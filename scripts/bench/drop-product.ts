import { setTimeout as sleep } from "node:timers/promises"
import { SIZES } from "@fitshop/contracts"
import { DEMO } from "../../commerce/src/scripts/seed/demo-accounts.js"
import { json } from "./catalog.js"

/** One size of a fresh product, stocked with the drop's units (every other size 0), as the drop races for it. */
export type DropProduct = { productId: string; variantId: string; title: string; size: string; units: number; pricePaise: number }

/** The sales channel commerce's seed sells through (the storefront's publishable key is linked to it). */
const SALES_CHANNEL = "Storefront"
const PRICE_RUPEES = 1499

type AdminCall = <T>(path: string, body?: unknown) => Promise<T>

/** Medusa's admin API as the seeded demo admin (the drop makes its products the way ops would in the dashboard). */
async function medusaAdmin(medusaOrigin: string): Promise<AdminCall> {
  const { token } = await json<{ token: string }>(`${medusaOrigin}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO.admin),
  })
  return <T>(path: string, body?: unknown) =>
    json<T>(`${medusaOrigin}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? null : JSON.stringify(body),
    })
}

/** Where the shop's products hang: its sales channel, the stock location serving it and the default shipping profile. */
async function shopBase(admin: AdminCall) {
  const { sales_channels: channels } = await admin<{ sales_channels: { id: string }[] }>(`/admin/sales-channels?name=${SALES_CHANNEL}`)
  const salesChannelId = channels[0]?.id
  if (!salesChannelId) throw new Error(`Medusa has no "${SALES_CHANNEL}" sales channel; was the shop seeded?`)
  const { stock_locations: locations } = await admin<{ stock_locations: { id: string }[] }>(`/admin/stock-locations?sales_channel_id=${salesChannelId}`)
  const { shipping_profiles: profiles } = await admin<{ shipping_profiles: { id: string }[] }>("/admin/shipping-profiles?type=default")
  if (!locations[0] || !profiles[0]) throw new Error("Medusa has no stock location for the storefront or no default shipping profile")
  return { salesChannelId, stockLocationId: locations[0].id, shippingProfileId: profiles[0].id }
}

/** A product shaped as the seed's are (the metadata the BFF's read model reads, a Size option, an INR price per variant). */
function productBody(handle: string, title: string, base: Awaited<ReturnType<typeof shopBase>>) {
  return {
    title,
    handle,
    description: "A limited drop: heavyweight cotton, boxy fit, one run only.",
    status: "published",
    weight: 240,
    material: "Cotton",
    metadata: {
      gender: "MEN",
      categoryType: "UPPERS",
      subcategory: "Oversized",
      genre: "Streetwear",
      colorName: "Black",
      colorHex: "#111111",
      fabric: "Cotton",
      collarStyle: "NO_COLLAR",
      sleeveType: "HALF",
      seasonFit: "NEUTRAL",
      washInstructions: "Machine wash cold, inside out.",
      gstPercent: null,
      mrp: 1999,
    },
    options: [{ title: "Size", values: [...SIZES] }],
    variants: SIZES.map((size) => ({
      title: size,
      sku: `${handle}-${size}`.toUpperCase(),
      options: { Size: size },
      manage_inventory: true,
      prices: [{ amount: PRICE_RUPEES, currency_code: "inr" }],
    })),
    sales_channels: [{ id: base.salesChannelId }],
    shipping_profile_id: base.shippingProfileId,
  }
}

type CreatedVariant = { id: string; title: string; inventory_items: { inventory_item_id: string }[] }

/**
 * A fresh product made through Medusa's admin API, published in the storefront's channel, with `units`
 * of `size` at the storefront's stock location and none of the other sizes.
 */
export async function createDropProduct(
  medusaOrigin: string,
  { handle, title, size, units }: { handle: string; title: string; size: string; units: number },
): Promise<DropProduct> {
  const admin = await medusaAdmin(medusaOrigin)
  const base = await shopBase(admin)
  const { product } = await admin<{ product: { id: string } }>("/admin/products", productBody(handle, title, base))
  const { product: created } = await admin<{ product: { variants: CreatedVariant[] } }>(
    `/admin/products/${product.id}?fields=id,variants.id,variants.title,variants.inventory_items.inventory_item_id`,
  )
  await admin("/admin/inventory-items/location-levels/batch", {
    create: created.variants.map((variant) => ({
      inventory_item_id: variant.inventory_items[0]!.inventory_item_id,
      location_id: base.stockLocationId,
      stocked_quantity: variant.title === size ? units : 0,
    })),
  })
  const variant = created.variants.find((v) => v.title === size)
  if (!variant) throw new Error(`the drop product has no ${size} variant`)
  return { productId: product.id, variantId: variant.id, title, size, units, pricePaise: PRICE_RUPEES * 100 }
}

/** Waits until the BFF's catalogue (`GET /api/products/{id}`, as a shopper's page reads it) shows the size with all its units. */
export async function waitForDropInCatalogue(origin: string, product: DropProduct, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let seen = "nothing"
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/api/products/${product.productId}`)
    if (response.ok) {
      const { product: shown } = (await response.json()) as { product: { variants: { size: string; stockOnHand: number }[] } }
      const stock = shown.variants.find((variant) => variant.size === product.size)?.stockOnHand
      if (stock === product.units) return
      seen = `stock ${stock}`
    } else seen = `status ${response.status}`
    await sleep(250)
  }
  throw new Error(`the BFF's catalogue did not show ${product.title} (${product.size}) with ${product.units} units in ${timeoutMs / 1000} s (last: ${seen})`)
}
