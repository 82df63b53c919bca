import { setTimeout as sleep } from "node:timers/promises"
import { inBatches, verificationCodeIn } from "../lib/fitfeed-demo.js"
import { keepAliveClient, type Answer, type Client } from "./drop-http.js"
import { answeredAt, journeyRecorder, type Journey } from "./drop-journey.js"
import type { DropProduct } from "./drop-product.js"

/** A signed-in shopper of the drop, with a client address of their own; half pay online, half on delivery. */
export type Shopper = { index: number; email: string; address: string; accessToken: string; mode: "cod" | "online" }

const PASSWORD = "drop-bench-2026"
/** Sign-ups at once while setting up (each makes a Medusa customer; not measured). */
const SIGN_UP_WIDTH = 8
/** How long a shopper whose verify answered 202 (the order placed by the settle job) watches their orders for it. */
const PENDING_ORDER_WAIT_MS = 60_000

/**
 * A distinct client address per shopper (X-Forwarded-For, which the BFF trusts from loopback): the shop
 * limits sign-ups per address, and the shoppers of a drop come from their own.
 */
const addressOf = (index: number) => `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`

const SHIPPING_ADDRESS = {
  fullName: "Drop Shopper",
  phone: "9876543210",
  line1: "14 Linking Road",
  city: "Mumbai",
  state: "Maharashtra",
  postalCode: "400050",
  country: "India",
}

/** The spec's checkout payload for a new address, as the checkout page sends it. */
export const checkoutPayload = (mode: "cod" | "online") => ({
  shippingAddressSnapshot: SHIPPING_ADDRESS,
  payment: mode === "cod" ? { gateway: "cod", mode: "cod" } : { gateway: "razorpay", mode: "prepaid" },
  darkCoins: { applied: false },
})

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
}

/** Signs a shopper up as a person does: the form, then the code from the e-mail (the dev outbox), which signs them in. */
async function signUp(origin: string, runId: string, index: number): Promise<Shopper> {
  const address = addressOf(index)
  const email = `drop-${runId}-${index}@drop.bench`
  const client = keepAliveClient(origin, { "x-forwarded-for": address })
  try {
    const signup = await client.send("POST", "/api/auth/signup", {
      json: { name: `Drop Shopper ${index}`, email, handle: `d${runId}${index}`, password: PASSWORD },
    })
    expectStatus(signup, 201, `signing up ${email}`)
    // The code goes out from the BFF's mail queue, a moment after the sign-up answers.
    let code: string | undefined
    for (let tries = 0; !code && tries < 100; tries++) {
      if (tries) await new Promise((resolve) => setTimeout(resolve, 100))
      const outbox = await client.send("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`)
      expectStatus(outbox, 200, "the dev outbox")
      code = verificationCodeIn((outbox.body as { messages: { subject: string }[] }).messages)
    }
    if (!code) throw new Error(`no verification code for ${email} in the dev outbox`)
    const verified = await client.send("POST", "/api/auth/verify-email", { json: { email, code } })
    expectStatus(verified, 200, `verifying ${email}`)
    const { accessToken } = verified.body as { accessToken: string }
    return { index, email, address, accessToken, mode: index % 2 === 0 ? "cod" : "online" }
  } finally {
    client.close()
  }
}

/** `count` fresh shoppers, each with a Medusa customer behind their account (checkout needs one). */
export function signUpShoppers(origin: string, runId: string, count: number): Promise<Shopper[]> {
  return inBatches(
    Array.from({ length: count }, (_, i) => i),
    SIGN_UP_WIDTH,
    (index) => signUp(origin, runId, index),
  )
}

/** A shopper's browser: its own keep-alive connection, signed in, from its own address. */
export function shopperClient(origin: string, shopper: Shopper): Client {
  return keepAliveClient(origin, { "x-forwarded-for": shopper.address, authorization: `Bearer ${shopper.accessToken}` })
}

const isSoldOut = (answer: Answer) => answer.status === 409 && (answer.body as { code?: unknown } | null)?.code === "out_of_stock"

/** Waits for the order a 202 from verify promised (the settle job places it); answers when the shopper first sees it. */
async function pendingOrder(client: Client): Promise<{ id: string; at: number } | undefined> {
  const deadline = performance.now() + PENDING_ORDER_WAIT_MS
  while (performance.now() < deadline) {
    const answer = await client.send("GET", "/api/orders/mine")
    const first = (answer.body as { orders?: { id: string }[] } | null)?.orders?.[0]
    if (answer.status === 200 && first) return { id: first.id, at: answeredAt(answer) }
    await sleep(250)
  }
  return undefined
}

/**
 * One shopper's drop, once `go` resolves: one unit of the size into the bag, then checkout, cash on
 * delivery (`POST /api/checkout`) or online (create-order, pay in the Razorpay emulator as its checkout
 * modal does, verify). Stops at the first answer that isn't the next step's go-ahead.
 */
export async function shopperDrop(client: Client, shopper: Shopper, product: DropProduct, go: Promise<void>): Promise<Journey> {
  const { journey, record, checkoutStarted, ordered } = journeyRecorder(isSoldOut)
  await go
  const added = record("add to bag", await client.send("POST", "/api/cart", { json: { productId: product.productId, size: product.size, quantity: 1 } }))
  if (added.status !== 201) return journey
  if (shopper.mode === "cod") {
    const placed = record("checkout, cash on delivery", await client.send("POST", "/api/checkout", { json: checkoutPayload("cod") }))
    checkoutStarted(placed)
    if (placed.status === 201) ordered((placed.body as { orderId: string }).orderId, answeredAt(placed))
    return journey
  }
  const created = record("create-order (online)", await client.send("POST", "/api/payments/create-order", { json: checkoutPayload("online") }))
  checkoutStarted(created)
  if (created.status !== 201) return journey
  const { orderId: razorpayOrderId, key, customer } = created.body as { orderId: string; key: string; customer: { email: string; contact: string } }
  const paid = record(
    "pay in the Razorpay emulator",
    await client.send("POST", `/emulator/razorpay/checkout/orders/${razorpayOrderId}/pay`, { json: { key, email: customer.email, contact: customer.contact } }),
  )
  if (paid.status !== 200) return journey
  const verified = record("verify (online)", await client.send("POST", "/api/payments/verify", { json: paid.body }))
  if (verified.status === 200) ordered((verified.body as { orderId: string }).orderId, answeredAt(verified))
  else if (verified.status === 202) {
    const order = await pendingOrder(client)
    if (order) ordered(order.id, order.at)
  }
  return journey
}
