import { keepAliveClient, messageOf, type Answer, type Client } from "./drop-http.js"
import { answeredAt, journeyRecorder, type Journey } from "./drop-journey.js"

/**
 * Medusa's own Store API checkout, the flow its Next.js storefront starter runs, for the drop's reference:
 * guests with the storefront's publishable key, paying with Medusa's system provider (the INR region has it).
 */
export const STORE_PAYMENT_PROVIDER = "pp_system_default"

export type StoreApi = { medusaOrigin: string; publishableKey: string; regionId: string; variantId: string }

const GUEST_ADDRESS = {
  first_name: "Drop",
  last_name: "Guest",
  address_1: "14 Linking Road",
  city: "Mumbai",
  province: "Maharashtra",
  postal_code: "400050",
  country_code: "in",
  phone: "9876543210",
}

/** A guest's browser against Medusa: its own keep-alive connection, the storefront's publishable key on every call. */
export function guestClient(store: StoreApi): Client {
  return keepAliveClient(store.medusaOrigin, { "x-publishable-api-key": store.publishableKey })
}

/** The INR region's id, as the starter finds it (by the shopper's country). */
export async function inrRegionId(medusaOrigin: string, publishableKey: string): Promise<string> {
  const client = keepAliveClient(medusaOrigin, { "x-publishable-api-key": publishableKey })
  try {
    const answer = await client.send("GET", "/store/regions?limit=50")
    const region = (answer.body as { regions?: { id: string; currency_code: string }[] } | null)?.regions?.find((r) => r.currency_code === "inr")
    if (!region) throw new Error(`Medusa's store API has no INR region (answered ${answer.status})`)
    return region.id
  } finally {
    client.close()
  }
}

/** Medusa's answer when the variant's stock is gone (adding the line, or completing the cart). */
const isSoldOut = (answer: Answer) => answer.status >= 400 && answer.status < 500 && /inventory|stock/i.test(messageOf(answer))

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300

/**
 * One guest's drop through the Store API, once `go` resolves: a cart with the line (the bag), then the
 * checkout: address and e-mail, a shipping method, a payment collection and session, and completion.
 */
export async function guestDrop(client: Client, store: StoreApi, index: number, go: Promise<void>): Promise<Journey> {
  const { journey, record, checkoutStarted, ordered } = journeyRecorder(isSoldOut)
  const email = `guest-${index}@drop.bench`
  await go
  const created = record("create cart", await client.send("POST", "/store/carts", { json: { region_id: store.regionId, email } }))
  if (!ok(created)) return journey
  const cartId = (created.body as { cart: { id: string } }).cart.id
  const added = record("add line item", await client.send("POST", `/store/carts/${cartId}/line-items`, { json: { variant_id: store.variantId, quantity: 1 } }))
  if (!ok(added)) return journey

  const addressed = record(
    "address and e-mail",
    await client.send("POST", `/store/carts/${cartId}`, { json: { email, shipping_address: GUEST_ADDRESS, billing_address: GUEST_ADDRESS } }),
  )
  checkoutStarted(addressed)
  if (!ok(addressed)) return journey
  const options = record("shipping options", await client.send("GET", `/store/shipping-options?cart_id=${cartId}`))
  const optionId = (options.body as { shipping_options?: { id: string }[] } | null)?.shipping_options?.[0]?.id
  if (!ok(options) || !optionId) return journey
  const shipped = record("shipping method", await client.send("POST", `/store/carts/${cartId}/shipping-methods`, { json: { option_id: optionId } }))
  if (!ok(shipped)) return journey
  const collection = record("payment collection", await client.send("POST", "/store/payment-collections", { json: { cart_id: cartId } }))
  if (!ok(collection)) return journey
  const collectionId = (collection.body as { payment_collection: { id: string } }).payment_collection.id
  const session = record(
    "payment session",
    await client.send("POST", `/store/payment-collections/${collectionId}/payment-sessions`, { json: { provider_id: STORE_PAYMENT_PROVIDER } }),
  )
  if (!ok(session)) return journey
  const completion = await client.send("POST", `/store/carts/${cartId}/complete`, { json: {} })
  const result = completion.body as { type?: string; order?: { id: string } } | null
  // Medusa answers 200 with the cart (not an order) when payment needs more; counted apart so 200s read right.
  const completed = record(result?.type === "cart" ? "complete (answered the cart, no order)" : "complete", completion)
  if (ok(completed) && result?.type === "order" && result.order) ordered(result.order.id, answeredAt(completed))
  return journey
}
