import type { HttpTypes } from "@medusajs/types"
import { DEMO } from "../../commerce/src/scripts/seed/demo-accounts.js"
import type { Commerce } from "../src/lib/medusa.js"
import { medusaIdOf } from "../src/features/orders/index.js"
import type { Db } from "../src/lib/db.js"
import { medusaApi } from "./staff.js"

type Queryable = Pick<Db, "query">

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

/** A token of Medusa's demo admin, as ops sign in to Medusa's dashboard. */
/** A session of the demo admin (ops) on Medusa's admin API. */
export async function opsToken(): Promise<string> {
  return (await medusaApi<{ token: string }>("POST", "/auth/user/emailpass", { body: DEMO.admin })).token
}

/** Ops cancel the shop's order in Medusa's dashboard. Medusa's notice reaches no BFF in tests: the caller follows it. */
export async function cancelInMedusa(db: Queryable, orderId: string): Promise<void> {
  await cancelMedusaOrder(await medusaIdOf(db, orderId))
}

/** Ops cancel Medusa's order (by Medusa's id) in its dashboard. */
export async function cancelMedusaOrder(medusaOrderId: string): Promise<void> {
  await medusaApi("POST", `/admin/orders/${medusaOrderId}/cancel`, { token: await opsToken() })
}

/**
 * Ops take every unit of a delivered order (the shop's id) back in Medusa's dashboard: a return requested for all its lines,
 * the parcel received at the stock location and the receipt confirmed (the stock goes back to the sizes).
 */
export async function returnInMedusa(db: Queryable, orderId: string): Promise<void> {
  await returnMedusaOrder(await medusaIdOf(db, orderId))
}

/** Ops take every unit of Medusa's delivered order (by Medusa's id) back in its dashboard, as returnInMedusa. */
export async function returnMedusaOrder(orderId: string): Promise<void> {
  const token = await opsToken()
  const { order } = await medusaApi<{ order: { items: { id: string; quantity: number }[] } }>("GET", `/admin/orders/${orderId}?fields=*items`, { token })
  const { stock_locations } = await medusaApi<{ stock_locations: { id: string }[] }>("GET", "/admin/stock-locations?limit=1", { token })
  const items = order.items.map((item) => ({ id: item.id, quantity: item.quantity }))
  const { return: asked } = await medusaApi<{ return: { id: string } }>("POST", "/admin/returns", {
    token,
    body: { order_id: orderId, location_id: stock_locations[0]!.id },
  })
  await medusaApi("POST", `/admin/returns/${asked.id}/request-items`, { token, body: { items } })
  await medusaApi("POST", `/admin/returns/${asked.id}/request`, { token })
  await medusaApi("POST", `/admin/returns/${asked.id}/receive`, { token })
  await medusaApi("POST", `/admin/returns/${asked.id}/receive-items`, { token, body: { items } })
  await medusaApi("POST", `/admin/returns/${asked.id}/receive/confirm`, { token })
}
