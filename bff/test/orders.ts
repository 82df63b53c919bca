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

/** Places a real guest order in Medusa (system payment provider) for the given variants; returns its id. */
export async function placeMedusaOrder(commerce: Commerce, lines: { variantId: string; quantity: number }[]): Promise<string> {
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
  const { cart: withShipping } = await sdk.store.cart.retrieve(cart.id)
  await sdk.store.payment.initiatePaymentSession(withShipping, { provider_id: "pp_system_default" })
  const completed = await sdk.store.cart.complete(cart.id)
  if (completed.type !== "order") throw new Error(`Medusa did not place the order: ${completed.error.message}`)
  return completed.order.id
}
