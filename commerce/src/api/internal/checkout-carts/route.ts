import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { toRupees } from "../../../lib/paise"
import { createCheckoutCartWorkflow, type CreateCheckoutCartInput } from "../../../workflows/checkout/workflows/create-checkout-cart"
import { checkoutCartView, shopContext, stockShortfalls } from "./helpers"
import type { InternalCheckoutCartType } from "./validators"

function checkoutCartInput(body: InternalCheckoutCartType, shop: { regionId: string; salesChannelId: string }): CreateCheckoutCartInput {
  const { shipping_address: address } = body
  return {
    region_id: shop.regionId,
    sales_channel_id: shop.salesChannelId,
    customer_id: body.customer_id,
    email: body.email,
    address: { ...address, last_name: address.last_name ?? "", address_2: address.address_2 ?? "" },
    items: body.items.map(({ unit_price_paise, ...item }) => ({ ...item, unit_price: toRupees(unit_price_paise) })),
    cod_fee: toRupees(body.cod_fee_paise),
    credits: body.credits.map(({ amount_paise, ...credit }) => ({ ...credit, amount: toRupees(amount_paise) })),
    metadata: body.metadata,
  }
}

/** Medusa's stock check refused a line (confirmVariantInventoryWorkflow); workflows rethrow it, not always as an Error. */
function isInsufficientInventory(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === MedusaError.Codes.INSUFFICIENT_INVENTORY
}

/**
 * Makes the cart of an order the shop accepted, in one workflow: the shopper's lines at the prices the shop accepted,
 * the address, standard shipping (carrying the COD fee) and the credits that lower the total. Stock too short for
 * a line (ops lowered it after the shop accepted the order) is a 409 naming the variants.
 */
export const POST = async (req: MedusaRequest<InternalCheckoutCartType>, res: MedusaResponse) => {
  const body = req.validatedBody
  const shop = await shopContext(req.scope)
  try {
    const { result: cart } = await createCheckoutCartWorkflow(req.scope).run({ input: checkoutCartInput(body, shop) })
    res.status(201).json({ cart: await checkoutCartView(req.scope, cart.id) })
  } catch (error) {
    if (!isInsufficientInventory(error)) throw error
    // Naming the short lines costs queries, so only a refused cart pays for them; stock back by now is no shortfall.
    const shortfalls = await stockShortfalls(req.scope, shop.salesChannelId, body.items)
    if (!shortfalls.length) throw error
    res.status(409).json({ type: "out_of_stock", message: "Some items are out of stock", shortfalls })
  }
}
