import type { HttpTypes } from "@medusajs/types"
import type { Commerce } from "../src/lib/medusa.js"

const ADDRESS = {
  first_name: "Test",
  last_name: "Buyer",
  address_1: "12 MG Road",
  city: "Bengaluru",
  province: "Karnataka",
  postal_code: "560001",
  country_code: "in",
  phone: "9876543210",
}

/** Which payment provider records the order, and the session data it is given (see commerce/src/modules). */
export type MedusaPayment = { providerId: string; data?: Record<string, unknown> }

const SYSTEM_PAYMENT: MedusaPayment = { providerId: "pp_system_default" }

/** A guest cart in the India region with the lines, an address and the first shipping option: ready to pay. */
export async function createShippableCart(commerce: Commerce, lines: { variantId: string; quantity: number }[]): Promise<HttpTypes.StoreCart> {
  const [sdk, regionId] = await Promise.all([commerce.store(), commerce.regionId()])
  const { cart } = await sdk.store.cart.create({
    region_id: regionId,
    email: "orders@example.test",
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
    items: lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
  })
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
  const option = shipping_options[0]
  if (!option) throw new Error("Medusa offers no shipping option for the test cart")
  await sdk.store.cart.addShippingMethod(cart.id, { option_id: option.id })
  return (await sdk.store.cart.retrieve(cart.id)).cart
}

/** Starts a payment session with the provider and completes the cart; Medusa's answer, order or refusal. */
export async function payAndCompleteCart(commerce: Commerce, cart: HttpTypes.StoreCart, payment: MedusaPayment) {
  const sdk = await commerce.store()
  await sdk.store.payment.initiatePaymentSession(cart, { provider_id: payment.providerId, data: payment.data })
  return sdk.store.cart.complete(cart.id)
}

/** Places a real guest order in Medusa for the given variants (system payment provider unless told); returns its id. */
export async function placeMedusaOrder(
  commerce: Commerce,
  lines: { variantId: string; quantity: number }[],
  payment: MedusaPayment = SYSTEM_PAYMENT,
): Promise<string> {
  const completed = await payAndCompleteCart(commerce, await createShippableCart(commerce, lines), payment)
  if (completed.type !== "order") throw new Error(`Medusa did not place the order: ${completed.error.message}`)
  return completed.order.id
}
