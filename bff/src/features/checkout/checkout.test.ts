import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { freePort } from "../../../../scripts/lib/ports.js"
import { signedUpUser } from "../../../test/accounts.js"
import {
  bearer,
  eventually,
  followMedusa,
  giveCoins,
  NEW_ADDRESS,
  ordersOf,
  payload,
  payOrder,
  startCheckoutApp,
  type CheckoutApp,
  type Shopper,
} from "../../../test/checkout.js"
import { createTestApp } from "../../../test/app.js"
import { hoodieForm, medusaApi, staffSession, uploadedProductImage } from "../../../test/staff.js"
import { cancelInMedusa, opsToken } from "../../../test/orders.js"
import { medusaIdOf } from "../orders/index.js"
import { ORDER_MESSAGE_JOB } from "../order-messages/sender.js"
import { PLACE_IN_MEDUSA_JOB } from "./placement.js"
import { newestProducts } from "../../../test/catalog.js"
import { webhookSignature } from "../../lib/razorpay.js"
import { razorpaySettings } from "../../lib/razorpay-settings.js"
import {
  dropOpensMessage,
  myOrdersAnswerSchema,
  paymentOrderSchema,
  placedOrderAnswerSchema,
  type AdminProduct,
  type Product,
  type ProductVariant,
} from "@fitshop/contracts"
import { OPEN_COD_ORDERS_LIMIT } from "./open-cod-orders.js"
import { ALREADY_PLACING, CART_EMPTY } from "./schema.js"
import { runSchedule } from "../../../test/schedules.js"

let app: CheckoutApp
let products: Product[]
/** Each test takes its own products, so one test's sales never change another's stock. */
let nextProduct = 0

beforeAll(async () => {
  app = await startCheckoutApp()
  products = await newestProducts(app.app)
})
afterAll(() => app.close())

function freshProduct(minStock = 3): { product: Product; variant: ProductVariant } {
  for (; nextProduct < products.length; nextProduct++) {
    const product = products[nextProduct]!
    const variant = product.variants.find((v) => v.stockOnHand >= minStock)
    if (variant) {
      nextProduct++
      return { product, variant }
    }
  }
  throw new Error("no product left with enough stock")
}

/** Another shopper buys (cash on delivery) until only `left` units of the size remain. */
async function sellDownTo(product: Product, variant: ProductVariant, left: number) {
  let rival = await signedUpUser(app.app, "rival")
  for (let stock = variant.stockOnHand, orders = 0; stock > left; orders++) {
    // A shopper has at most OPEN_COD_ORDERS_LIMIT cash-on-delivery orders on the way: then another rival.
    if (orders > 0 && orders % OPEN_COD_ORDERS_LIMIT === 0) rival = await signedUpUser(app.app, "rival")
    const quantity = Math.min(10, stock - left)
    expect((await request(app.app).post("/api/cart").set(bearer(rival)).send({ productId: product.id, size: variant.size, quantity })).status).toBe(201)
    expect((await checkout(rival, payload("cod"))).status).toBe(201)
    stock -= quantity
  }
}

/** A size sold down to its last unit, and two shoppers who each have it in their bag. */
async function lastUnitInTwoBags(...labels: [string, string]) {
  const { product, variant } = freshProduct(2)
  await sellDownTo(product, variant, 1)
  const shoppers = [await signedUpUser(app.app, labels[0]), await signedUpUser(app.app, labels[1])] as const
  for (const shopper of shoppers) {
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size })).status).toBe(201)
  }
  return { product, variant, shoppers }
}

/** The payment window of a Razorpay order's checkout runs out now. */
async function expireHolds(razorpayOrderId: string) {
  await app.db.query("update bff.stock_holds set expires_at = now() where checkout_id = (select id from bff.checkouts where razorpay_order_id = $1)", [
    razorpayOrderId,
  ])
}

async function shopperWithBag(lines: { quantity: number; minStock?: number }[] = [{ quantity: 1 }]) {
  const shopper = await signedUpUser(app.app, "buyer")
  const bought: { product: Product; variant: ProductVariant; quantity: number }[] = []
  for (const line of lines) {
    const { product, variant } = freshProduct(line.minStock ?? line.quantity)
    const added = await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size, quantity: line.quantity })
    expect(added.status).toBe(201)
    bought.push({ product, variant, quantity: line.quantity })
  }
  const subtotal = bought.reduce((sum, line) => sum + line.product.basePrice * line.quantity, 0)
  return { shopper, bought, subtotal }
}

const createOrder = (shopper: Shopper, body: object) => request(app.app).post("/api/payments/create-order").set(bearer(shopper)).send(body)
const verify = (shopper: Shopper, body: object) => request(app.app).post("/api/payments/verify").set(bearer(shopper)).send(body)
const checkout = (shopper: Shopper, body: object) => request(app.app).post("/api/checkout").set(bearer(shopper)).send(body)

async function balanceOf(shopper: Shopper): Promise<number> {
  return (await request(app.app).get("/api/wallet/mine").set(bearer(shopper))).body.darkCoins
}

/** Medusa's id of the shop's order, once its placement job ran. */
const inMedusa = (orderId: string) => medusaIdOf(app.db, orderId)

/** The shop's order's payments as Medusa's dashboard shows them. */
async function medusaPayments(orderId: string) {
  const { rows } = await app.db.query(
    `select p.provider_id, p.captured_at is not null as captured from order_payment_collection link
       join payment p on p.payment_collection_id = link.payment_collection_id
      where link.order_id = $1 and link.deleted_at is null and p.deleted_at is null`,
    [await inMedusa(orderId)],
  )
  return rows
}

async function checkoutRow(razorpayOrderId: string) {
  const { rows } = await app.db.query("select * from bff.checkouts where razorpay_order_id = $1", [razorpayOrderId])
  return rows[0]
}

describe("create-order", () => {
  it("needs sign-in", async () => {
    expect((await request(app.app).post("/api/payments/create-order").send(payload("prepaid"))).status).toBe(401)
    expect((await request(app.app).post("/api/checkout").send(payload("cod"))).status).toBe(401)
    expect((await request(app.app).get("/api/orders/mine")).status).toBe(401)
  })

  it("refuses an empty bag, a line without a size, and a missing or invalid address with the spec's texts", async () => {
    const shopper = await signedUpUser(app.app, "buyer")
    expect((await createOrder(shopper, payload("prepaid"))).body.error).toBe("Your cart is empty.")

    const product = products.find((p) => p.sizes.length > 1 && p.availableSizes.length > 0)!
    await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: null })
    const sizeless = await createOrder(shopper, payload("prepaid"))
    expect(sizeless.status).toBe(400)
    expect(sizeless.body.error).toBe("Please select size for all items in your cart before paying.")

    const { shopper: ready } = await shopperWithBag()
    const missing = await createOrder(ready, { ...payload("prepaid"), shippingAddressSnapshot: undefined })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toContain("Please select a shipping address first.")
    const unknown = await createOrder(ready, payload("prepaid", { address: { id: "cuaddr_01NOTMINE" } }))
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toBe("Please select a shipping address first.")
    const invalid = await createOrder(ready, payload("prepaid", { address: { ...NEW_ADDRESS, postalCode: "012345", city: "" } }))
    expect(invalid.status).toBe(400)
    expect(invalid.body.error).toContain("Please fill all required address fields.")
  })

  it("computes the amount from the bag, ignoring the client's figures, and answers the spec's fields", async () => {
    const { shopper, subtotal } = await shopperWithBag([{ quantity: 2 }, { quantity: 1 }])
    const response = await createOrder(shopper, payload("prepaid", { coins: true }))
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      key: expect.stringMatching(/^rzp_test_/),
      orderId: expect.stringMatching(/^order_/),
      amount: subtotal,
      currency: "INR",
      customer: { name: NEW_ADDRESS.fullName, email: shopper.email, contact: NEW_ADDRESS.phone },
      receipt: expect.stringMatching(/^rcpt_[0-9a-f]{32}$/),
      internalOrderId: expect.any(String),
    })
    // A second attempt of the same bag gets its own Razorpay order and receipt.
    const again = await createOrder(shopper, payload("prepaid"))
    expect(again.body.orderId).not.toBe(response.body.orderId)
    expect(again.body.receipt).not.toBe(response.body.receipt)
  })

  it("saves a new address flagged to be saved, once however many attempts carry it, and takes a saved one by id", async () => {
    const { shopper } = await shopperWithBag()
    const saving = payload("prepaid", { address: { ...NEW_ADDRESS, email: "gift@example.test", save: true } })
    expect((await createOrder(shopper, saving)).status).toBe(201)
    expect((await createOrder(shopper, saving)).status).toBe(201)
    const { addresses } = (await request(app.app).get("/api/addresses").set(bearer(shopper))).body
    expect(addresses).toHaveLength(1)
    expect(addresses[0]).toMatchObject({ fullName: NEW_ADDRESS.fullName, postalCode: NEW_ADDRESS.postalCode, isDefault: true })
    const bySaved = await createOrder(shopper, payload("prepaid", { address: { id: addresses[0].id } }))
    expect(bySaved.status).toBe(201)
    expect(bySaved.body.customer).toEqual({ name: NEW_ADDRESS.fullName, email: shopper.email, contact: NEW_ADDRESS.phone })
  })

  it("names the item whose stock ran out (409) before anyone pays", async () => {
    const { shopper, bought } = await shopperWithBag([{ quantity: 1 }])
    const { product, variant } = bought[0]!
    // Another shopper buys every unit left while this one's bag waits.
    await sellDownTo(product, variant, 0)
    const response = await createOrder(shopper, payload("prepaid"))
    expect(response.status).toBe(409)
    expect(response.body.error).toBe(`${product.title} (size ${variant.size}) is out of stock.`)
  })
})

describe("online payment", () => {
  it("places one order for a verified payment, however often verify is called, and empties the bag", async () => {
    const { shopper, bought, subtotal } = await shopperWithBag([{ quantity: 2 }])
    const created = await createOrder(shopper, payload("prepaid"))
    const paymentOrder = paymentOrderSchema.safeParse(created.body)
    expect(paymentOrder.success ? [] : paymentOrder.error.issues).toEqual([])
    const paid = await payOrder(app, created.body.orderId)

    const first = await verify(shopper, paid)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ ok: true, orderId: expect.stringMatching(/^ord_[0-9a-f]{32}$/) })
    expect(placedOrderAnswerSchema.safeParse(first.body).success).toBe(true)
    const second = await verify(shopper, paid)
    expect(second.body).toEqual(first.body)

    const orders = await ordersOf(app, shopper)
    const parsed = myOrdersAnswerSchema.safeParse({ orders })
    expect(parsed.success ? [] : parsed.error.issues).toEqual([])
    const [order] = orders
    expect(order).toMatchObject({
      id: first.body.orderId,
      status: "PAID",
      total: subtotal,
      totalCents: subtotal,
      paymentMethod: "online",
      codFee: 0,
      items: [{ type: "product", productId: bought[0]!.product.id, size: bought[0]!.variant.size, quantity: 2, unitPrice: bought[0]!.product.basePrice }],
    })
    expect((await request(app.app).get("/api/cart").set(bearer(shopper))).body.items).toEqual([])
    // Accepted at once; Medusa places it in turn, once, carrying the shop's id, and the shop's order then names Medusa's.
    expect(order!.medusaOrderId).toBeNull()
    await app.placeInMedusa()
    const { rows } = await app.db.query(
      "select id, metadata ->> 'shop_order_id' as shop_order_id from public.order where metadata ->> 'shop_order_id' = $1 and deleted_at is null",
      [first.body.orderId],
    )
    expect(rows).toEqual([{ id: expect.stringMatching(/^order_/), shop_order_id: first.body.orderId }])
    expect((await ordersOf(app, shopper))[0]).toMatchObject({ id: first.body.orderId, medusaOrderId: rows[0].id })
    expect(await medusaPayments(first.body.orderId)).toEqual([{ provider_id: "pp_razorpay_razorpay", captured: true }])
  })

  it("refuses a bad signature with 'Payment verification failed.'", async () => {
    const { shopper } = await shopperWithBag()
    const created = await createOrder(shopper, payload("prepaid"))
    const paid = await payOrder(app, created.body.orderId)
    for (const body of [{ ...paid, razorpay_signature: "0".repeat(64) }, { ...paid, razorpay_signature: "nope" }, {}]) {
      const response = await verify(shopper, body)
      expect(response.status).toBe(400)
      expect(response.body.error).toBe("Payment verification failed.")
    }
    expect((await checkoutRow(created.body.orderId)).status).toBe("awaiting_payment")
  })

  it("settles from the webhook alone when the browser closed after paying; verify afterwards answers the same order", async () => {
    const { shopper } = await shopperWithBag()
    const created = await createOrder(shopper, payload("prepaid"))
    const paid = await payOrder(app, created.body.orderId)
    // The emulator delivers payment.captured to our webhook; its job places the order.
    const orderId = await eventually(app, async () => (await checkoutRow(created.body.orderId))?.order_id ?? undefined)
    const late = await verify(shopper, paid)
    expect(late.body).toEqual({ ok: true, orderId })
  })

  it("answers verify only once the bought lines are out of the bag, when the webhook's job placed the order first", async () => {
    const { shopper } = await shopperWithBag([{ quantity: 1 }, { quantity: 2 }])
    const created = await createOrder(shopper, payload("prepaid"))
    const paid = await payOrder(app, created.body.orderId)
    // The webhook's job places the order; verify comes in as soon as the order is recorded, while the job
    // may still be taking the lines out of the bag.
    let jobs: Promise<unknown> = Promise.resolve()
    let settled = true
    while (!(await checkoutRow(created.body.orderId))?.order_id) {
      if (settled) {
        settled = false
        jobs = app.runJobs().finally(() => (settled = true))
      }
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect((await verify(shopper, paid)).status).toBe(200)
    expect((await request(app.app).get("/api/cart").set(bearer(shopper))).body.items).toEqual([])
    await jobs
  })

  it("refuses a webhook whose signature doesn't match the raw body", async () => {
    const body = JSON.stringify({ entity: "event", event: "order.paid", payload: {} })
    const secret = razorpaySettings(app.config).webhookSecret
    const forged = await request(app.app)
      .post("/api/payments/webhook")
      .set("content-type", "application/json")
      .set("x-razorpay-signature", "f".repeat(64))
      .send(body)
    expect(forged.status).toBe(400)
    // Same bytes re-serialised differently: the signature was over other bytes.
    const spaced = await request(app.app)
      .post("/api/payments/webhook")
      .set("content-type", "application/json")
      .set("x-razorpay-signature", webhookSignature(body, secret))
      .send(body.replace(/,/g, ", "))
    expect(spaced.status).toBe(400)
  })

  it("accepts the payment when Medusa is down, places the order in Medusa once it is back, and never charges twice", async () => {
    const { shopper } = await shopperWithBag()
    const created = await createOrder(shopper, payload("prepaid"))
    const paid = await payOrder(app, created.body.orderId)
    // The same BFF, but its Medusa is unreachable (stopped) while the shopper verifies and its placement job runs.
    const downed = await createTestApp({ PUBLIC_URL: app.origin, MEDUSA_URL: "http://127.0.0.1:9" })
    let orderId: string
    try {
      const accepted = await request(downed.app).post("/api/payments/verify").set(bearer(shopper)).send(paid)
      expect(accepted.status).toBe(200)
      orderId = accepted.body.orderId
      await downed.app.background.placements.runDue()
      expect((await ordersOf(app, shopper))[0]).toMatchObject({ id: orderId, status: "PAID", medusaOrderId: null })
    } finally {
      await downed.close()
    }
    // The job retries after its backoff, with Medusa back.
    await eventually(app, async () => (await ordersOf(app, shopper))[0]?.medusaOrderId ?? undefined)
    expect((await verify(shopper, paid)).body).toEqual({ ok: true, orderId })
    const payment = await app.razorpay.fetchPayment(paid.razorpay_payment_id)
    expect(payment).toMatchObject({ status: "captured", amount_refunded: 0 })
    const { rows } = await app.db.query(
      "select count(*)::int as n from bff.orders where checkout_id = (select id from bff.checkouts where razorpay_order_id = $1)",
      [created.body.orderId],
    )
    expect(rows[0].n).toBe(1)
    expect((await checkoutRow(created.body.orderId)).status).toBe("placed")
  })

  it("holds the last unit for the first payer's window, and refunds exactly once a payment that came after the window and lost it", async () => {
    const {
      product,
      variant,
      shoppers: [first, second],
    } = await lastUnitInTwoBags("first", "second")
    // The first holds the last unit for its payment window: the second is told at once.
    const firstOrder = await createOrder(first, payload("prepaid"))
    expect(firstOrder.status).toBe(201)
    const refused = await createOrder(second, payload("prepaid"))
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe(`${product.title} (size ${variant.size}) is out of stock.`)
    // Once the first's window has run out the second may start; the first still pays, late, and both verify.
    await expireHolds(firstOrder.body.orderId)
    const orders = [firstOrder, await createOrder(second, payload("prepaid"))]
    expect(orders[1]!.status).toBe(201)
    const paid = [await payOrder(app, orders[0]!.body.orderId), await payOrder(app, orders[1]!.body.orderId)]
    const answers = await Promise.all([verify(first, paid[0]!), verify(second, paid[1]!)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const lost = answers.findIndex((a) => a.status === 409)
    expect(answers[lost]!.body.error).toBe(
      `An item in your order sold out before we could place it. Your payment of ₹${(product.basePrice / 100).toFixed(2)} will be refunded.`,
    )

    const loserOrder = orders[lost]!.body.orderId
    await eventually(app, async () => ((await checkoutRow(loserOrder)).status === "refunded" ? true : undefined))
    // Running the refund job again (a retry after a crash) refunds nothing more.
    await app.db.query("update bff.jobs set done_at = null, run_at = now() where kind = 'refund-razorpay-payment' and key = $1", [
      paid[lost]!.razorpay_payment_id,
    ])
    await app.runJobs()
    const payment = await app.razorpay.fetchPayment(paid[lost]!.razorpay_payment_id)
    expect(payment.amount_refunded).toBe(product.basePrice)
    expect(payment.status).toBe("refunded")
    expect(await ordersOf(app, [first, second][lost]!)).toEqual([])
  })

  it("finds a payment whose webhook was lost when the reconciler runs 15 minutes later", async () => {
    const { shopper } = await shopperWithBag()
    const created = await createOrder(shopper, payload("prepaid"))
    await payOrder(app, created.body.orderId)
    // The webhook never arrived: its job is gone.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await app.db.query("delete from bff.jobs where key = $1", [created.body.orderId])
    await app.db.query("update bff.checkouts set created_at = now() - interval '16 minutes' where razorpay_order_id = $1", [created.body.orderId])
    expect(await runSchedule(app.app, "payment reconcile")).toBeGreaterThanOrEqual(1)
    await app.runJobs()
    expect((await checkoutRow(created.body.orderId)).status).toBe("placed")
    expect((await ordersOf(app, shopper))[0]).toMatchObject({ status: "PAID" })
  })
})

/** Medusa as the BFF sees it, except that calls whose path `fails` answer 502, as a Medusa dying mid-way would. */
async function medusaFailing(fails: (path: string) => boolean) {
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    if (fails(req.url ?? "")) return void res.writeHead(502).end()
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await fetch(`${inject("medusaUrl")}${req.url}`, {
      method: req.method,
      headers: Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== "host" && name !== "content-length")) as Record<string, string>,
      body: chunks.length ? Buffer.concat(chunks) : null,
    })
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(Buffer.from(await answer.arrayBuffer()))
  }
  // A call that can't be forwarded ends without an answer, as a dropped connection would.
  const server = createServer((req, res) => void forward(req, res).catch(() => res.destroy()))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe("a drop", () => {
  it("sells exactly the units there are when 30 shoppers check out 5 at once: 5 orders, 25 told at once which size is gone, no 5xx", async () => {
    const { product, variant } = freshProduct(6)
    await sellDownTo(product, variant, 5)
    await app.placeInMedusa()
    const shoppers = []
    for (let i = 0; i < 30; i += 10) {
      shoppers.push(...(await Promise.all(Array.from({ length: 10 }, () => signedUpUser(app.app, "drop")))))
    }
    for (let i = 0; i < 30; i += 10) {
      const added = await Promise.all(
        shoppers.slice(i, i + 10).map((shopper) => request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size })),
      )
      expect(added.map((response) => response.status)).toEqual(Array(10).fill(201))
    }
    const startedAt = new Date()
    const answers = await Promise.all(shoppers.map((shopper) => checkout(shopper, payload("cod"))))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(5)
    expect(statuses.filter((status) => status === 409)).toHaveLength(25)
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.error).toBe(`${product.title} (size ${variant.size}) is out of stock.`)
    }
    await app.placeInMedusa()
    const { rows } = await app.db.query(
      `select coalesce(sum(l.stocked_quantity - l.reserved_quantity), 0)::int as left from product_variant_inventory_item link
         join inventory_level l on l.inventory_item_id = link.inventory_item_id and l.deleted_at is null
        where link.variant_id = $1 and link.deleted_at is null`,
      [variant.id],
    )
    expect(rows[0].left).toBe(0)
    // Medusa built a cart only for the five orders accepted; the rest never reached it.
    const carts = await app.db.query(
      `select count(distinct c.id)::int as n from cart c join cart_line_item i on i.cart_id = c.id
        where c.metadata ->> 'checkout_id' is not null and i.variant_id = $1 and c.created_at >= $2`,
      [variant.id, startedAt],
    )
    expect(carts.rows[0].n).toBe(5)
  }, 120_000)

  it("accepts cash on delivery while Medusa is down and places it once Medusa is back; a saved address Medusa can't give answers 503 and frees the unit", async () => {
    const {
      product,
      variant,
      shoppers: [patient, next],
    } = await lastUnitInTwoBags("patient", "next")
    const saved = await request(app.app).post("/api/addresses").set(bearer(patient)).send(NEW_ADDRESS)
    expect(saved.status).toBe(201)
    const stopped = await createTestApp({ PUBLIC_URL: app.origin, MEDUSA_URL: "http://127.0.0.1:9" })
    let orderId: string
    try {
      // The saved address is Medusa's to give: the unit held for the attempt goes back, the bag stays.
      const unread = await request(stopped.app)
        .post("/api/checkout")
        .set(bearer(patient))
        .send(payload("cod", { address: { id: saved.body.address.id } }))
      expect(unread.status).toBe(503)
      expect(unread.body.error).toBe("We couldn't reach the shop's order system. Please try again in a minute.")
      const bag = await request(app.app).get("/api/cart").set(bearer(patient))
      expect(bag.body.items.map((item: { productId: string; size: string }) => [item.productId, item.size])).toEqual([[product.id, variant.size]])

      // A new address needs nothing from Medusa: the order is the shopper's at once, the last unit theirs.
      const accepted = await request(stopped.app).post("/api/checkout").set(bearer(patient)).send(payload("cod"))
      expect(accepted.status).toBe(201)
      orderId = accepted.body.orderId
      await stopped.app.background.placements.runDue()
      expect((await ordersOf(app, patient))[0]).toMatchObject({ id: orderId, medusaOrderId: null })
    } finally {
      await stopped.close()
    }
    expect((await checkout(next, payload("cod"))).body.error).toBe(`${product.title} (size ${variant.size}) is out of stock.`)
    // The placement job retries after its backoff, with Medusa back: the order in Medusa once, the unit sold there.
    const medusaOrderId = await eventually(app, async () => (await ordersOf(app, patient))[0]?.medusaOrderId ?? undefined)
    const { rows } = await app.db.query("select id from \"order\" where metadata ->> 'shop_order_id' = $1", [orderId])
    expect(rows).toEqual([{ id: medusaOrderId }])
  })

  it("frees a shopper's held units when they start again after cancelling a payment, and another's when their hold expires", async () => {
    const {
      shoppers: [buyer, other],
    } = await lastUnitInTwoBags("again", "other")
    const abandoned = await createOrder(buyer, payload("prepaid"))
    expect(abandoned.status).toBe(201)
    expect((await createOrder(other, payload("prepaid"))).status).toBe(409)
    // The buyer cancelled Razorpay's window and pays again: their own earlier hold is no obstacle.
    const again = await createOrder(buyer, payload("prepaid"))
    expect(again.status).toBe(201)
    expect((await createOrder(other, payload("prepaid"))).status).toBe(409)
    await expireHolds(again.body.orderId)
    expect((await createOrder(other, payload("prepaid"))).status).toBe(201)
  })

  it("frees the units at once when the shopper closes Razorpay's window, but not once they have paid, and only for them", async () => {
    const {
      shoppers: [buyer, other],
    } = await lastUnitInTwoBags("closes", "waits")
    const cancel = (shopper: Shopper, razorpayOrderId: string) =>
      request(app.app).post("/api/payments/cancel").set(bearer(shopper)).send({ razorpay_order_id: razorpayOrderId })
    const closed = await createOrder(buyer, payload("prepaid"))
    expect(closed.status).toBe(201)
    expect((await createOrder(other, payload("prepaid"))).status).toBe(409)
    expect((await cancel(other, closed.body.orderId)).status).toBe(404)
    expect((await cancel(buyer, "not-an-order")).status).toBe(400)
    expect((await cancel(buyer, closed.body.orderId)).body).toEqual({ ok: true, released: true })
    const taken = await createOrder(other, payload("prepaid"))
    expect(taken.status).toBe(201)

    // The other shopper pays, then the window closes: the paid hold stays, and the payment becomes the order.
    const paid = await payOrder(app, taken.body.orderId)
    expect((await cancel(other, taken.body.orderId)).body).toEqual({ ok: true, released: false })
    expect((await createOrder(buyer, payload("prepaid"))).status).toBe(409)
    expect((await verify(other, paid)).status).toBe(200)
  })
})

describe("a scheduled drop", () => {
  it("refuses to check out a line added before staff scheduled the drop, with 409 naming its start, holding nothing", async () => {
    const staff = await staffSession(app.app)
    const form = hoodieForm(await uploadedProductImage(app.app, staff.headers), { title: `Checkout Drop ${Date.now()}` })
    const created = await request(app.app).post("/api/admin/products").set(staff.headers).send(form)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const product = created.body.product as AdminProduct
    try {
      const shopper = await signedUpUser(app.app, "early")
      expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: "M" })).status).toBe(201)

      const startsAt = new Date(Date.now() + 86_400_000).toISOString()
      const scheduled = await request(app.app)
        .put(`/api/admin/products/${product.id}`)
        .set(staff.headers)
        .send({ version: product.version, product: { ...form, drop: { startsAt } } })
      expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)

      for (const mode of ["cod", "prepaid"] as const) {
        const refused = await (mode === "cod" ? checkout(shopper, payload("cod")) : createOrder(shopper, payload("prepaid")))
        expect(refused.status).toBe(409)
        expect(refused.body).toMatchObject({ code: "conflict", message: dropOpensMessage(startsAt) })
      }
      const holds = await app.db.query("select count(*)::int as n from bff.stock_holds where user_id = $1", [shopper.user.id])
      expect(holds.rows[0].n).toBe(0)
    } finally {
      await request(app.app).delete(`/api/admin/products/${product.id}`).set(staff.headers)
      await staff.remove()
    }
  })
})

describe("cash on delivery and Dark Coins", () => {
  it("places the order with the ₹100 COD fee and the coins discount, to the paisa", async () => {
    const { shopper, subtotal } = await shopperWithBag([{ quantity: 1 }])
    await giveCoins(app, shopper, 1234)
    const discount = Math.min(Math.floor(1234 / 10) * 100, Math.floor(subtotal / 100) * 100)
    const response = await checkout(shopper, payload("cod", { coins: true }))
    expect(response.status).toBe(201)
    await app.placeInMedusa()
    const medusaOrderId = await inMedusa(response.body.orderId)
    const [order] = await ordersOf(app, shopper)
    expect(order).toMatchObject({
      id: response.body.orderId,
      status: "PLACED",
      paymentMethod: "cod",
      subtotal,
      darkCoinsDiscount: discount,
      codFee: 10_000,
      total: subtotal - discount + 10_000,
    })
    expect(await balanceOf(shopper)).toBe(1234 - (discount / 100) * 10)
    // In Medusa the fee rides on the shipping method (so a delivered order reads delivered), never as a line.
    const { rows: lines } = await app.db.query(
      `select count(*)::int as n from order_item oi join order_line_item li on li.id = oi.item_id where oi.order_id = $1 and li.variant_id is null`,
      [medusaOrderId],
    )
    expect(lines[0].n).toBe(0)
    const { rows: shipping } = await app.db.query(
      `select sm.name, sm.amount::numeric as amount, sm.metadata from order_shipping os join order_shipping_method sm on sm.id = os.shipping_method_id
        where os.order_id = $1 and os.deleted_at is null`,
      [medusaOrderId],
    )
    expect(shipping).toEqual([
      { name: "Standard Shipping + cash on delivery fee", amount: "100", metadata: { cod_fee_amount: 100, shipping_option_amount: 0 } },
    ])
  })

  it("places one order for a double (or triple) click: the others are refused, while the first is in flight, as it is accepted or after", async () => {
    for (const clicks of [2, 3, 3]) {
      const { shopper } = await shopperWithBag([{ quantity: 1, minStock: 3 }])
      const answers = await Promise.all(Array.from({ length: clicks }, () => checkout(shopper, payload("cod"))))
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1)
      // Acceptance takes milliseconds: a later click finds the first in flight, bought from the bag it read, or the bag empty.
      for (const refused of answers.filter((answer) => answer.status !== 201)) {
        expect([
          [409, ALREADY_PLACING],
          [400, CART_EMPTY],
        ]).toContainEqual([refused.status, refused.body.error])
      }
      expect(await ordersOf(app, shopper)).toHaveLength(1)
      expect((await request(app.app).get("/api/cart").set(bearer(shopper))).body.items).toEqual([])
    }
  })

  it("never lets two checkouts at once spend the same coins", async () => {
    const shopper = await signedUpUser(app.app, "twotabs")
    const { product, variant } = freshProduct(2)
    await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size, quantity: 1 })
    await giveCoins(app, shopper, 100)
    const results = await Promise.all([checkout(shopper, payload("cod", { coins: true })), checkout(shopper, payload("cod", { coins: true }))])
    const placed = results.filter((r) => r.status === 201)
    expect(placed.length).toBeGreaterThanOrEqual(1)
    expect(await balanceOf(shopper)).toBeGreaterThanOrEqual(0)
    const { rows } = await app.db.query("select coalesce(sum(coins), 0)::int as spent from bff.dark_coin_entries where user_id = $1 and kind = 'spend'", [
      shopper.user.id,
    ])
    expect(rows[0].spent).toBe(-100)
  })
})

describe("shipping", () => {
  it("dispatches the order to Shiprocket, stores the AWB and follows it to DELIVERED", async () => {
    const { shopper } = await shopperWithBag()
    const placed = await checkout(shopper, payload("cod"))
    expect(placed.status).toBe(201)
    await app.placeInMedusa()
    const dispatched = await request(app.app).post("/api/fulfillment/shiprocket/dispatch").set(bearer(shopper)).send({ orderId: placed.body.orderId })
    expect(dispatched.status).toBe(202)
    const order = await eventually(app, async () => {
      const [first] = await ordersOf(app, shopper)
      return first?.trackingId ? first : undefined
    })
    expect(order).toMatchObject({ status: "PLACED", trackingUrl: expect.stringContaining(String(order.trackingId)) })

    const forged = await request(app.app)
      .post("/api/fulfillment/tracking-webhook")
      .set("x-api-key", "wrong")
      .send({ awb: order.trackingId, current_status: "DELIVERED" })
    expect(forged.status).toBe(401)

    for (const status of ["PICKUP SCHEDULED", "SHIPPED", "DELIVERED"]) {
      const moved = await fetch(`${app.origin}/emulator/shiprocket/test/shipments/${order.trackingId}/status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status }),
      })
      expect(moved.status).toBe(200)
      expect((await ordersOf(app, shopper))[0]).toMatchObject({ status: status === "PICKUP SCHEDULED" ? "PROCESSING" : status })
    }
    // Medusa's dashboard follows: the fulfilment shipped and delivered, the cash collected.
    await app.runJobs()
    const { rows: fulfilments } = await app.db.query(
      `select f.shipped_at, f.delivered_at from order_fulfillment link join fulfillment f on f.id = link.fulfillment_id
        where link.order_id = $1 and link.deleted_at is null`,
      [await inMedusa(placed.body.orderId)],
    )
    expect(fulfilments).toEqual([{ shipped_at: expect.any(Date), delivered_at: expect.any(Date) }])
    expect(await medusaPayments(placed.body.orderId)).toEqual([{ provider_id: "pp_cod_cod", captured: true }])
  })
})

describe("cancellation in Medusa's dashboard", () => {
  it("gives the Dark Coins back once, however often the notice comes; a wrong secret is refused", async () => {
    const { shopper } = await shopperWithBag()
    await giveCoins(app, shopper, 300)
    const placed = await checkout(shopper, payload("cod", { coins: true }))
    expect(placed.status).toBe(201)
    expect(await balanceOf(shopper)).toBe(0)
    await app.placeInMedusa()
    await cancelInMedusa(app.db, placed.body.orderId)
    const forged = await request(app.app.internal).post(`/api/internal/orders/${placed.body.orderId}/changed`).set("x-internal-secret", "wrong").send({})
    expect(forged.status).toBe(403)
    await followMedusa(app, placed.body.orderId)
    await followMedusa(app, placed.body.orderId)
    expect(await balanceOf(shopper)).toBe(300)
    expect((await ordersOf(app, shopper))[0]).toMatchObject({ status: "CANCELLED" })
  })

  it("refunds an online order's payment through Razorpay", async () => {
    const { shopper, subtotal } = await shopperWithBag()
    const created = await createOrder(shopper, payload("prepaid"))
    const paid = await payOrder(app, created.body.orderId)
    const placed = await verify(shopper, paid)
    await app.placeInMedusa()
    await cancelInMedusa(app.db, placed.body.orderId)
    await followMedusa(app, placed.body.orderId)
    await eventually(app, async () => ((await checkoutRow(created.body.orderId)).status === "refunded" ? true : undefined))
    expect(await app.razorpay.fetchPayment(paid.razorpay_payment_id)).toMatchObject({ amount_refunded: subtotal })
  })
})

describe("an accepted order Medusa refuses", () => {
  it("is cancelled with a message saying why, its coins given back, its units freed and its payment refunded, never silently", async () => {
    const { shopper, bought, subtotal } = await shopperWithBag([{ quantity: 1 }])
    await giveCoins(app, shopper, 100)
    const created = await createOrder(shopper, payload("prepaid", { coins: true }))
    expect(created.status).toBe(201)
    const paid = await payOrder(app, created.body.orderId)
    const accepted = await verify(shopper, paid)
    expect(accepted.status).toBe(200)
    expect(await balanceOf(shopper)).toBe(0)
    // Ops take the size's last units out in Medusa's dashboard between the acceptance and the placement.
    const { rows: levels } = await app.db.query<{ item: string; location: string; reserved: number }>(
      `select l.inventory_item_id as item, l.location_id as location, l.reserved_quantity::int as reserved
         from product_variant_inventory_item link join inventory_level l on l.inventory_item_id = link.inventory_item_id and l.deleted_at is null
        where link.variant_id = $1 and link.deleted_at is null`,
      [bought[0]!.variant.id],
    )
    const token = await opsToken()
    for (const level of levels) {
      await medusaApi("POST", `/admin/inventory-items/${level.item}/location-levels/${level.location}`, { token, body: { stocked_quantity: level.reserved } })
    }
    await app.placeInMedusa()
    const orderId = accepted.body.orderId as string
    expect((await ordersOf(app, shopper))[0]).toMatchObject({ id: orderId, status: "CANCELLED", medusaOrderId: null })
    expect(await balanceOf(shopper)).toBe(100)
    const { rows: held } = await app.db.query(
      "select count(*)::int as n from bff.stock_holds where checkout_id = (select id from bff.checkouts where razorpay_order_id = $1) and released_at is null",
      [created.body.orderId],
    )
    expect(held[0].n).toBe(0)
    const { rows: told } = await app.db.query("select payload from bff.jobs where kind = $1 and key = $2", [ORDER_MESSAGE_JOB, `${orderId}:cancelled`])
    expect(told.map((row) => row.payload)).toEqual([
      expect.objectContaining({ reason: "An item in your order sold out before we could place it.", refundedPaise: subtotal - 1000 }),
    ])
    await eventually(app, async () => ((await checkoutRow(created.body.orderId)).status === "refunded" ? true : undefined))
    expect(await app.razorpay.fetchPayment(paid.razorpay_payment_id)).toMatchObject({ amount_refunded: subtotal - 1000 })
    // Its job, run again, places nothing: Medusa has no order for it.
    await app.db.query("update bff.jobs set done_at = null, run_at = now() where kind = $1 and key = $2", [PLACE_IN_MEDUSA_JOB, orderId])
    await app.placeInMedusa()
    const { rows } = await app.db.query("select id from public.order where metadata ->> 'shop_order_id' = $1", [orderId])
    expect(rows).toEqual([])
  })
})

describe("the ₹1 live test", () => {
  it("is only for admins when the server allows it; the order is marked as a test and never dispatched", async () => {
    const { shopper, subtotal } = await shopperWithBag()
    const body = { ...payload("prepaid"), liveTest: true }
    expect((await createOrder(shopper, body)).status).toBe(403)
    expect((await request(app.app).get("/api/payments/config").set(bearer(shopper))).body.liveTestAvailable).toBe(false)

    await app.db.query("update bff.users set role = 'admin' where id = $1", [shopper.user.id])
    // Admin, but this server doesn't allow live tests.
    expect((await createOrder(shopper, body)).status).toBe(403)

    const allowing = await createTestApp({ PUBLIC_URL: app.origin, ALLOW_LIVE_TEST_PAYMENTS: "1" })
    try {
      const config = await request(allowing.app).get("/api/payments/config").set(bearer(shopper))
      expect(config.body).toMatchObject({ liveTestAvailable: true, codFeePaise: 10_000 })
      expect(config.headers["cache-control"]).toBe("no-store")
      const created = await request(allowing.app).post("/api/payments/create-order").set(bearer(shopper)).send(body)
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ amount: 100, liveTest: true })
      const paid = await payOrder(app, created.body.orderId)
      const placed = await request(allowing.app).post("/api/payments/verify").set(bearer(shopper)).send(paid)
      expect(placed.status).toBe(200)
      const [order] = await ordersOf(app, shopper)
      expect(order).toMatchObject({ id: placed.body.orderId, isTest: true, total: 100, subtotal })
      const { rows } = await app.db.query("select count(*)::int as n from bff.jobs where kind = 'dispatch-order' and key = $1", [placed.body.orderId])
      expect(rows[0].n).toBe(0)
    } finally {
      await allowing.close()
    }
  })
})

describe("a placement in Medusa whose answer is lost", () => {
  /** A proxy to Medusa that lets every call through but cuts the connection instead of returning a completion's answer. */
  async function answerLosingMedusa() {
    const target = new URL(inject("medusaUrl"))
    const server = createServer((req, res) => {
      const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        if (req.url?.endsWith("/complete")) {
          answer.resume()
          answer.on("end", () => res.destroy())
          return
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      req.pipe(upstream)
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) }
  }

  it("is accepted at once, and placed in Medusa once by the placement job's retry (coins spent once)", async () => {
    const { shopper, subtotal } = await shopperWithBag()
    await giveCoins(app, shopper, 100)
    const proxy = await answerLosingMedusa()
    const flaky = await createTestApp({ PUBLIC_URL: app.origin, MEDUSA_URL: proxy.url })
    let orderId: string
    try {
      const answer = await request(flaky.app)
        .post("/api/checkout")
        .set(bearer(shopper))
        .send(payload("cod", { coins: true }))
      expect(answer.status).toBe(201)
      orderId = answer.body.orderId
      // Medusa places the order but its answer never arrives: the job will try again.
      await flaky.app.background.placements.runDue()
    } finally {
      await flaky.close()
      await proxy.close()
    }
    expect((await ordersOf(app, shopper))[0]).toMatchObject({ id: orderId, medusaOrderId: null })
    await app.db.query("update bff.jobs set run_at = now() where kind = 'place-order-in-medusa' and key = $1 and done_at is null", [orderId])
    await app.placeInMedusa()
    const [order] = await ordersOf(app, shopper)
    expect(order).toMatchObject({
      id: orderId,
      status: "PLACED",
      total: subtotal - 1000 + 10_000,
      darkCoinsDiscount: 1000,
      medusaOrderId: expect.stringMatching(/^order_/),
    })
    const { rows } = await app.db.query("select id from public.order where metadata ->> 'shop_order_id' = $1 and deleted_at is null", [orderId])
    expect(rows).toEqual([{ id: order!.medusaOrderId }])
    expect(await balanceOf(shopper)).toBe(0)
  })
})

describe("the Medusa cart of an accepted order", () => {
  /** The variant's rupee price in Medusa moved by `by`, behind the catalogue's back (as a sync not yet run would leave it). */
  async function moveMedusaPrice(variantId: string, by: number) {
    const { rowCount } = await app.db.query(
      `update price set amount = amount + $2, raw_amount = jsonb_build_object('value', (amount + $2)::text, 'precision', 20)
        where currency_code = 'inr' and deleted_at is null
          and price_set_id in (select price_set_id from product_variant_price_set where variant_id = $1 and deleted_at is null)`,
      [variantId, by],
    )
    expect(rowCount).toBe(1)
  }

  const rupees = (paise: number) => paise / 100

  it("is made once, at the prices the shop accepted even after Medusa's changed, and completed by the retry after Medusa failed at completion", async () => {
    const { shopper, bought, subtotal } = await shopperWithBag()
    const variantId = bought[0]!.variant.id
    const accepted = await checkout(shopper, payload("cod"))
    expect(accepted.status).toBe(201)
    const orderId: string = accepted.body.orderId
    const dying = await medusaFailing((path) => path.endsWith("/complete"))
    const flaky = await createTestApp({ PUBLIC_URL: app.origin, MEDUSA_URL: dying.url })
    await moveMedusaPrice(variantId, 250)
    try {
      // The cart is made and kept; its completion fails, so the job will run again.
      await flaky.app.background.placements.runDue()
      expect((await ordersOf(app, shopper))[0]).toMatchObject({ id: orderId, medusaOrderId: null })
      await app.db.query("update bff.jobs set run_at = now() where kind = 'place-order-in-medusa' and key = $1 and done_at is null", [orderId])
      await app.placeInMedusa()
    } finally {
      await moveMedusaPrice(variantId, -250)
      await Promise.all([flaky.close(), dying.close()])
    }
    const medusaOrderId = await inMedusa(orderId)
    const { rows: carts } = await app.db.query(
      `select c.id, (select array_agg(o.order_id) from order_cart o where o.cart_id = c.id) as orders,
              (select array_agg(l.is_custom_price) from cart_line_item l where l.cart_id = c.id and l.deleted_at is null) as custom
         from cart c
        where c.metadata ->> 'checkout_id' = (select checkout_id::text from bff.orders where id = $1)`,
      [orderId],
    )
    // One cart, completed into the order; its line priced by the shop (Medusa's own price was ₹250 more by then).
    expect(carts).toEqual([{ id: expect.stringMatching(/^cart_/), orders: [medusaOrderId], custom: [true] }])
    const { rows: lines } = await app.db.query(
      "select l.unit_price::float as unit_price from order_item i join order_line_item l on l.id = i.item_id where i.order_id = $1 and i.deleted_at is null",
      [medusaOrderId],
    )
    expect(lines).toEqual([{ unit_price: rupees(subtotal) }])
  })

  it("is never completed when its total is not what the shopper was charged: the job fails where staff see it", async () => {
    const { shopper } = await shopperWithBag()
    const accepted = await checkout(shopper, payload("cod"))
    const orderId: string = accepted.body.orderId
    // A fault: the shop's record of the charge and Medusa's pricing of the same lines disagree.
    await app.db.query("update bff.checkouts set amount_paise = amount_paise + 1 where order_id = $1", [orderId])
    try {
      await app.placeInMedusa()
      const { rows } = await app.db.query("select last_error from bff.jobs where kind = 'place-order-in-medusa' and key = $1", [orderId])
      expect(rows[0].last_error).toMatch(/totals \d+ paise, the shopper was charged \d+/)
      expect((await ordersOf(app, shopper))[0]).toMatchObject({ id: orderId, medusaOrderId: null })
      const { rows: placed } = await app.db.query("select id from \"order\" where metadata ->> 'shop_order_id' = $1", [orderId])
      expect(placed).toEqual([])
    } finally {
      await app.db.query("update bff.checkouts set amount_paise = amount_paise - 1 where order_id = $1", [orderId])
    }
    // Mended, the retry places it.
    await app.db.query("update bff.jobs set run_at = now() where kind = 'place-order-in-medusa' and key = $1 and done_at is null", [orderId])
    await app.placeInMedusa()
    expect(await inMedusa(orderId)).toMatch(/^order_/)
  })
})

describe("delivery to the address's pincode", () => {
  /** Served without cash on delivery, and not served at all, by the Shiprocket emulator (emulators/src/shiprocket/serviceability.ts). */
  const IMPHAL = { ...NEW_ADDRESS, city: "Imphal", state: "Manipur", postalCode: "795001" }
  const PORT_BLAIR = { ...NEW_ADDRESS, city: "Port Blair", state: "Andaman and Nicobar Islands", postalCode: "744101" }

  async function leftBehind(shopper: Shopper) {
    const { rows } = await app.db.query<{ checkouts: number; holds: number }>(
      `select (select count(*)::int from bff.checkouts where user_id = $1) as checkouts,
              (select count(*)::int from bff.stock_holds where user_id = $1 and released_at is null) as holds`,
      [shopper.user.id],
    )
    return rows[0]
  }

  it("refuses cash on delivery where no courier collects it, naming the pincode, before holding a unit; online payment goes on", async () => {
    const { shopper } = await shopperWithBag()
    const refused = await checkout(shopper, payload("cod", { address: IMPHAL }))
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: "cod_unavailable", error: "Cash on delivery isn't available for 795001. Please pay online." })
    expect(await leftBehind(shopper)).toEqual({ checkouts: 0, holds: 0 })
    expect((await createOrder(shopper, payload("prepaid", { address: IMPHAL }))).status).toBe(201)
  })

  it("refuses any order to a pincode no courier reaches, online or cash, before holding a unit", async () => {
    const { shopper } = await shopperWithBag()
    for (const attempt of [
      () => checkout(shopper, payload("cod", { address: PORT_BLAIR })),
      () => createOrder(shopper, payload("prepaid", { address: PORT_BLAIR })),
    ]) {
      const refused = await attempt()
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ code: "not_deliverable", error: "We don't deliver to 744101 yet." })
    }
    expect(await leftBehind(shopper)).toEqual({ checkouts: 0, holds: 0 })
  })

  it("refuses a saved address's pincode once it is read, freeing the units it held", async () => {
    const { shopper } = await shopperWithBag()
    const saved = await request(app.app).post("/api/addresses").set(bearer(shopper)).send(PORT_BLAIR)
    expect(saved.status).toBe(201)
    const refused = await checkout(shopper, payload("cod", { address: { id: saved.body.address.id } }))
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe("We don't deliver to 744101 yet.")
    expect(await leftBehind(shopper)).toEqual({ checkouts: 0, holds: 0 })
  })

  it("refuses cash on delivery when Shiprocket can't be asked, freeing what it held; online payment goes on", async () => {
    const { shopper } = await shopperWithBag()
    const blind = await createTestApp({ PUBLIC_URL: app.origin, SHIPROCKET_API_URL: `http://127.0.0.1:${await freePort()}/emulator/shiprocket` })
    try {
      const saved = await request(app.app).post("/api/addresses").set(bearer(shopper)).send(IMPHAL)
      expect(saved.status).toBe(201)
      for (const [address, pincode] of [
        [NEW_ADDRESS, NEW_ADDRESS.postalCode],
        [{ id: saved.body.address.id }, IMPHAL.postalCode],
      ] as const) {
        const refused = await request(blind.app).post("/api/checkout").set(bearer(shopper)).send(payload("cod", { address }))
        expect(refused.status).toBe(503)
        expect(refused.body).toMatchObject({
          code: "service_unavailable",
          error: `We can't confirm cash on delivery to ${pincode} right now. Please pay online, or try cash on delivery again in a minute.`,
        })
        expect(refused.headers["retry-after"]).toBe("15")
        expect(await leftBehind(shopper)).toEqual({ checkouts: 0, holds: 0 })
      }
      const paying = await request(blind.app).post("/api/payments/create-order").set(bearer(shopper)).send(payload("prepaid"))
      expect(paying.status).toBe(201)
    } finally {
      await blind.close()
    }
  })
})
