import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, getVariantAvailability, MedusaError } from "@medusajs/framework/utils"
import { toPaise } from "../../../lib/paise"
import { queryGraph } from "../../../lib/query"

/** The India region (INR) and the store's default sales channel, which every shop cart uses. */
export async function shopContext(scope: MedusaContainer): Promise<{ regionId: string; salesChannelId: string }> {
  const [{ data: regions }, { data: stores }] = await Promise.all([
    queryGraph(scope, { entity: "region", fields: ["id"], filters: { currency_code: "inr" } }),
    queryGraph(scope, { entity: "store", fields: ["default_sales_channel_id"], filters: {} }),
  ])
  const regionId = regions[0]?.id
  const salesChannelId = stores[0]?.default_sales_channel_id
  if (typeof regionId !== "string" || typeof salesChannelId !== "string") {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "The shop has no INR region or default sales channel; run the seed")
  }
  return { regionId, salesChannelId }
}

export type Shortfall = { variant_id: string; requested: number; available: number }

/** The lines whose variant has fewer units available in the sales channel than asked for. */
export async function stockShortfalls(scope: MedusaContainer, salesChannelId: string, items: { variant_id: string; quantity: number }[]): Promise<Shortfall[]> {
  const availability = await getVariantAvailability(scope.resolve(ContainerRegistrationKeys.QUERY), {
    variant_ids: items.map((item) => item.variant_id),
    sales_channel_id: salesChannelId,
  })
  return items.flatMap((item) => {
    const available = availability[item.variant_id]?.availability
    // null: the variant doesn't manage inventory, so any quantity is available.
    if (available === null || available === undefined || available >= item.quantity) return []
    return [{ variant_id: item.variant_id, requested: item.quantity, available: Math.max(0, available) }]
  })
}

const CART_FIELDS = [
  "id",
  "completed_at",
  "total",
  "subtotal",
  "item_total",
  "shipping_total",
  "credit_line_total",
  "items.id",
  "items.variant_id",
  "items.quantity",
  "items.unit_price",
]

/** The checkout cart with its totals in paise, as the BFF compares them with its own figures. */
export async function checkoutCartView(scope: MedusaContainer, cartId: string) {
  const { data } = await queryGraph(scope, { entity: "cart", fields: CART_FIELDS, filters: { id: cartId } })
  const cart = data[0]
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found`)
  const amount = (key: string) => toPaise((cart[key] as number | string | undefined) ?? 0)
  return {
    id: cartId,
    completed_at: cart.completed_at ?? null,
    total_paise: amount("total"),
    item_total_paise: amount("item_total"),
    shipping_total_paise: amount("shipping_total"),
    credit_line_total_paise: amount("credit_line_total"),
  }
}
