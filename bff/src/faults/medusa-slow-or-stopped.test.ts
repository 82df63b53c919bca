import { rm } from "node:fs/promises"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import type { Product, ProductVariant } from "@fitshop/contracts"
import { signedUpUser } from "../../test/accounts.js"
import { genericFrontEndDist } from "../../test/app.js"
import {
  bearer,
  eventually,
  giveCoins,
  NEW_ADDRESS,
  ordersOf,
  payload,
  payOrder,
  startCheckoutApp,
  type CheckoutApp,
  type Shopper,
} from "../../test/checkout.js"
import { feedMember, insertedPost } from "../../test/fitfeed.js"
import { ownCatalogue } from "../../test/staff.js"
import { targetOf, tcpHop, throughHop, type TcpHop } from "../../test/tcp-hop.js"
import { PLACE_IN_MEDUSA_JOB } from "../features/checkout/placement.js"
import { COMMERCE_UNREACHABLE } from "../http/error-handler.js"
import { CommerceUnreachable, createCommerce } from "../lib/medusa.js"

const MEDUSA_LATE_MS = 2000
/** Well under one Medusa round trip through the late hop (its request and its answer each wait MEDUSA_LATE_MS). */
const NEVER_WAITED_MS = 1500
const MEDUSA_DOWN = "We couldn't reach the shop's order system. Please try again in a minute."

let hop: TcpHop
let app: CheckoutApp
let dist: string
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
/** This file's own product: every test measures its own change to the stock, one after another. */
let product: Product

beforeAll(async () => {
  hop = await tcpHop(targetOf(inject("medusaUrl"), 80))
  dist = await genericFrontEndDist()
  app = await startCheckoutApp({ MEDUSA_URL: throughHop(inject("medusaUrl"), hop), STOREFRONT_DIST: dist })
  // createTestApp builds the read model only for the run's own MEDUSA_URL; this file run alone starts with none.
  await app.sync.rebuildIfEmpty()
  catalogue = await ownCatalogue(app.app, "Slow Medusa hoodie")
  product = await catalogue.publish(40)
}, 120_000)

afterAll(async () => {
  await catalogue.remove()
  await app.close()
  await hop.close()
  await rm(dist, { recursive: true, force: true })
})

function freshProduct(): { product: Product; variant: ProductVariant } {
  return { product, variant: product.variants.find((v) => v.size === "M")! }
}

async function shopperWithBag(coins = 0) {
  const shopper = await signedUpUser(app.app, "buyer")
  const { product, variant } = freshProduct()
  expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size })).status).toBe(201)
  if (coins) await giveCoins(app, shopper, coins)
  return { shopper, product, variant }
}

const checkout = (shopper: Shopper, body: object) => request(app.app).post("/api/checkout").set(bearer(shopper)).send(body)
const createOrder = (shopper: Shopper, body: object) => request(app.app).post("/api/payments/create-order").set(bearer(shopper)).send(body)

async function balanceOf(shopper: Shopper): Promise<number> {
  return (await request(app.app).get("/api/wallet/mine").set(bearer(shopper))).body.darkCoins
}

async function bagOf(shopper: Shopper): Promise<[string, string][]> {
  const bag = await request(app.app).get("/api/cart").set(bearer(shopper))
  return bag.body.items.map((item: { productId: string; size: string }) => [item.productId, item.size])
}

/** What the shopper's attempts left behind: checkouts, units still held, Medusa carts, Razorpay orders. */
async function traces(shopper: Shopper) {
  const { rows } = await app.db.query(
    `select (select count(*) from bff.checkouts where user_id = $1)::int as checkouts,
            (select count(*) from bff.stock_holds where user_id = $1 and released_at is null)::int as "openHolds",
            (select count(*) from cart where metadata ->> 'user_id' = $1::text)::int as "medusaCarts",
            to_regclass('emulator.razorpay_orders') is not null as "emulatorUsed"`,
    [shopper.user.id],
  )
  const { emulatorUsed, ...counts } = rows[0] as { checkouts: number; openHolds: number; medusaCarts: number; emulatorUsed: boolean }
  // The emulator makes its tables with the run's first Razorpay call.
  const razorpay = emulatorUsed
    ? await app.db.query("select count(*)::int as n from emulator.razorpay_orders where notes ->> 'user_id' = $1", [shopper.user.id])
    : { rows: [{ n: 0 }] }
  return { ...counts, razorpayOrders: razorpay.rows[0].n as number }
}

/** The variant's units in Medusa's inventory: an order placed reserves one. */
async function medusaStock(variantId: string): Promise<{ stocked: number; reserved: number }> {
  const { rows } = await app.db.query(
    `select coalesce(sum(l.stocked_quantity), 0)::int as stocked, coalesce(sum(l.reserved_quantity), 0)::int as reserved
       from product_variant_inventory_item link
       join inventory_level l on l.inventory_item_id = link.inventory_item_id and l.deleted_at is null
      where link.variant_id = $1 and link.deleted_at is null`,
    [variantId],
  )
  return rows[0] as { stocked: number; reserved: number }
}

/** How long `work` took, with its answer. */
async function timed<T>(work: () => PromiseLike<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now()
  const answer = await work()
  return { answer, ms: performance.now() - started }
}

describe("Medusa answering 2 s late", () => {
  afterAll(() => hop.delay(0))

  it("answers listings, product pages and the feed without asking Medusa, as fast as before", async () => {
    const productId = product.id
    const author = await feedMember(app.db, inject("authTokenSecret"), "author")
    const reader = await feedMember(app.db, inject("authTokenSecret"), "reader")
    const postId = await insertedPost(app.db, author.id, { productId })
    await app.db.query("insert into bff.fitfeed_follows (follower_id, followee_id) values ($1, $2)", [reader.id, author.id])
    const reads = {
      listing: () => request(app.app).get("/api/products").query({ limit: "24", sort: "newest" }),
      filteredListing: () => request(app.app).get("/api/products").query({ limit: "24", gender: "MEN", sort: "price_asc" }),
      product: () => request(app.app).get(`/api/products/${productId}`),
      productHtml: () => request(app.app).get(`/product/${productId}`),
      shopHtml: () => request(app.app).get("/shop").query({ g: "MEN" }),
      feed: () => request(app.app).get("/api/fitfeed/feed").query({ limit: "20" }).set(reader.headers),
    }
    const readAll = async () => {
      const answers: Record<string, { status: number; ms: number; firstPost?: string }> = {}
      for (const [name, read] of Object.entries(reads)) {
        const { answer, ms } = await timed(read)
        answers[name] = { status: answer.status, ms, ...(name === "feed" ? { firstPost: answer.body.posts?.[0]?.id } : {}) }
      }
      return answers
    }
    const through = () => ({ connections: hop.connections, bytes: hop.bytes })

    const before = through()
    const onTime = await readAll()
    expect(through()).toEqual(before)
    // The counters do see a call to Medusa (the health check's).
    expect(await app.commerce.isUp()).toBe(true)
    expect(hop.bytes).toBeGreaterThan(before.bytes)

    hop.delay(MEDUSA_LATE_MS)
    // Read from PostgreSQL again, not from the answers the first round cached.
    await app.cache.invalidate()
    const late = through()
    const answers = await readAll()
    expect(through()).toEqual(late)
    for (const [name, answer] of Object.entries({ ...onTime, ...answers })) {
      expect({ name, status: answer.status }).toEqual({ name, status: 200 })
    }
    expect(onTime.feed!.firstPost).toBe(postId)
    expect(answers.feed!.firstPost).toBe(postId)
    expect(Object.entries(answers).filter(([, answer]) => answer.ms >= NEVER_WAITED_MS)).toEqual([])

    // The hop does hold Medusa back: its /health through the hop now takes longer than the delay.
    const { ms } = await timed(() => fetch(new URL("/health", throughHop(inject("medusaUrl"), hop))))
    expect(ms).toBeGreaterThanOrEqual(MEDUSA_LATE_MS)
  }, 30_000)

  it("accepts the cash-on-delivery order, coins and all, without waiting for Medusa, and places it in Medusa after", async () => {
    const { shopper, product, variant } = await shopperWithBag(100)
    const stock = await medusaStock(variant.id)
    const sent = hop.bytes
    hop.delay(MEDUSA_LATE_MS)
    const { answer, ms } = await timed(() => checkout(shopper, payload("cod", { coins: true })))
    hop.delay(0)
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 201, body: { ok: true, orderId: expect.stringMatching(/^ord_/) } })
    // The shop priced and accepted it itself: nothing went to Medusa, so the late hop held nothing up.
    expect(ms).toBeLessThan(NEVER_WAITED_MS)
    expect(hop.bytes).toBe(sent)
    const [order] = await ordersOf(app, shopper)
    expect(order).toMatchObject({ id: answer.body.orderId, status: "PLACED", paymentMethod: "cod", darkCoinsDiscount: 1000 })
    expect(await balanceOf(shopper)).toBe(0)
    expect(await bagOf(shopper)).not.toContainEqual([product.id, variant.size])
    await app.placeInMedusa()
    expect(await medusaStock(variant.id)).toEqual({ stocked: stock.stocked, reserved: stock.reserved + 1 })
  }, 60_000)
})

describe("Medusa stopped", () => {
  it("accepts cash on delivery to a new address and places it once Medusa is back; a saved address Medusa can't give answers 503, leaving everything as it was", async () => {
    const { shopper, product, variant } = await shopperWithBag(100)
    const saved = await request(app.app).post("/api/addresses").set(bearer(shopper)).send(NEW_ADDRESS)
    expect(saved.status).toBe(201)
    const stock = await medusaStock(variant.id)
    await hop.cut()
    let orderId: string
    try {
      const fromSaved = payload("cod", { coins: true, address: { id: saved.body.address.id } })
      for (const attempt of [() => checkout(shopper, fromSaved), () => createOrder(shopper, { ...fromSaved, payment: payload("prepaid").payment })]) {
        const refused = await attempt()
        expect({ status: refused.status, body: refused.body }).toEqual({
          status: 503,
          body: { error: MEDUSA_DOWN, message: MEDUSA_DOWN, code: "service_unavailable" },
        })
      }
      expect(await ordersOf(app, shopper)).toEqual([])
      expect(await traces(shopper)).toEqual({ checkouts: 0, openHolds: 0, medusaCarts: 0, razorpayOrders: 0 })
      expect(await balanceOf(shopper)).toBe(100)
      expect(await bagOf(shopper)).toEqual([[product.id, variant.size]])

      // A new address needs nothing of Medusa: the order is the shopper's at once.
      const placed = await checkout(shopper, payload("cod", { coins: true }))
      expect(placed.status).toBe(201)
      orderId = placed.body.orderId
      expect((await ordersOf(app, shopper)).map((order) => order.id)).toEqual([orderId])
      expect(await balanceOf(shopper)).toBe(0)
      expect(await bagOf(shopper)).toEqual([])
      // Its placement fails while Medusa is away and is held for this test until Medusa is back (other files' test
      // apps run the shared job queue with their own, running, Medusa).
      await app.placeInMedusa()
      await app.db.query("update bff.jobs set run_at = now() + interval '1 hour' where kind = $1 and key = $2", [PLACE_IN_MEDUSA_JOB, orderId])
      expect((await ordersOf(app, shopper))[0]).toMatchObject({ id: orderId, medusaOrderId: null })
    } finally {
      await hop.restore()
    }
    expect(await medusaStock(variant.id)).toEqual(stock)
    await app.db.query("update bff.jobs set run_at = now() where kind = $1 and key = $2", [PLACE_IN_MEDUSA_JOB, orderId])
    expect(await eventually(app, async () => (await ordersOf(app, shopper))[0]?.medusaOrderId ?? undefined)).toMatch(/^order_/)
    expect(await medusaStock(variant.id)).toEqual({ stocked: stock.stocked, reserved: stock.reserved + 1 })
  }, 60_000)

  it("answers sign-in 503 with a clear message (never a 500), and signs in once Medusa is back", async () => {
    const shopper = await signedUpUser(app.app, "stopped")
    const login = () => request(app.app).post("/api/auth/login").send({ email: shopper.email, password: shopper.password })
    await hop.cut()
    try {
      const refused = await login()
      expect({ status: refused.status, body: refused.body, retryAfter: refused.headers["retry-after"] }).toEqual({
        status: 503,
        body: { error: COMMERCE_UNREACHABLE, message: COMMERCE_UNREACHABLE, code: "service_unavailable", retryAfterSeconds: 30 },
        retryAfter: "30",
      })
    } finally {
      await hop.restore()
    }
    expect((await login()).status).toBe(200)
  })

  it("accepts a payment verified while Medusa is stopped, unrefunded, and places its order in Medusa once Medusa is back", async () => {
    const { shopper } = await shopperWithBag()
    const created = await createOrder(shopper, payload("prepaid"))
    expect(created.status).toBe(201)
    const paid = await payOrder(app, created.body.orderId)
    await hop.cut()
    let orderId: string
    try {
      const verified = await request(app.app).post("/api/payments/verify").set(bearer(shopper)).send(paid)
      expect({ status: verified.status, body: verified.body }).toEqual({ status: 200, body: { ok: true, orderId: expect.stringMatching(/^ord_/) } })
      orderId = verified.body.orderId
      // Other files' test apps run the shared job queue too, with their own (running) Medusa: the placement is run
      // here, while Medusa is away, and then held for this test until Medusa is back.
      await app.placeInMedusa()
      await app.db.query("update bff.jobs set run_at = now() + interval '1 hour' where kind = $1 and key = $2", [PLACE_IN_MEDUSA_JOB, orderId])
      const { rows } = await app.db.query("select attempts, last_error from bff.jobs where kind = $1 and key = $2", [PLACE_IN_MEDUSA_JOB, orderId])
      expect(rows).toEqual([{ attempts: 1, last_error: expect.any(String) }])
      expect((await ordersOf(app, shopper))[0]).toMatchObject({ id: orderId, status: "PAID", medusaOrderId: null })
    } finally {
      await hop.restore()
    }
    await app.db.query("update bff.jobs set run_at = now() where kind = $1 and key = $2", [PLACE_IN_MEDUSA_JOB, orderId])
    const medusaOrderId = await eventually(app, async () => (await ordersOf(app, shopper))[0]?.medusaOrderId ?? undefined)
    expect(medusaOrderId).toMatch(/^order_/)
    expect(await app.razorpay.fetchPayment(paid.razorpay_payment_id)).toMatchObject({ status: "captured", amount_refunded: 0 })
  }, 60_000)
})

describe("Medusa hanging (taking connections, never answering)", () => {
  afterAll(() => hop.delay(0))

  it("answers checkout from a saved address 503 once the 10 s call deadline passes, holding nothing", async () => {
    const { shopper, product, variant } = await shopperWithBag()
    const saved = await request(app.app).post("/api/addresses").set(bearer(shopper)).send(NEW_ADDRESS)
    expect(saved.status).toBe(201)
    // A fresh connection: Medusa would close an idle kept-alive one after 5 s (failing the call early), but on a
    // new one it waits 60 s for the request's headers, so only the BFF's own deadline ends the call.
    await hop.cut()
    await hop.restore()
    hop.delay(20_000)
    const { answer, ms } = await timed(() => checkout(shopper, payload("cod", { address: { id: saved.body.address.id } })))
    hop.delay(0)
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 503, error: MEDUSA_DOWN })
    expect(ms).toBeGreaterThanOrEqual(10_000)
    expect(ms).toBeLessThan(15_000)
    expect(await traces(shopper)).toEqual({ checkouts: 0, openHolds: 0, medusaCarts: 0, razorpayOrders: 0 })
    expect(await bagOf(shopper)).toEqual([[product.id, variant.size]])
  }, 30_000)

  it("ends an SDK call (sign-in, sign-up, the read model's pages) at its 30 s deadline", async () => {
    const hung = await tcpHop(targetOf(inject("medusaUrl"), 80))
    hung.delay(45_000)
    const commerce = createCommerce({ baseUrl: throughHop(inject("medusaUrl"), hung), internalSecret: inject("internalSecret"), db: app.db })
    try {
      const { answer, ms } = await timed(() => commerce.regionId().catch((error: unknown) => error))
      expect(answer).toBeInstanceOf(CommerceUnreachable)
      expect(((answer as Error).cause as Error).name).toBe("TimeoutError")
      expect(ms).toBeGreaterThanOrEqual(30_000)
      expect(ms).toBeLessThan(40_000)
    } finally {
      await hung.close()
    }
  }, 60_000)
})
