import type { Product, ProductVariant } from "@fitshop/contracts"
import sharp from "sharp"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../test/accounts.js"
import { newestProducts } from "../../test/catalog.js"
import { bearer, NEW_ADDRESS, payload, startCheckoutApp, type CheckoutApp, type Shopper } from "../../test/checkout.js"
import { staffSession } from "../../test/staff.js"
import { OPEN_COD_ORDERS_LIMIT, TOO_MANY_COD_ORDERS, withinOpenCodOrders } from "../features/checkout/open-cod-orders.js"
import { CART_EMPTY } from "../features/checkout/schema.js"

let app: CheckoutApp
let products: { product: Product; variant: ProductVariant }[]
let nextProduct = 0

beforeAll(async () => {
  app = await startCheckoutApp()
  // From the oldest end of the listing: the checkout tests sell down the newest products while these run.
  products = (await newestProducts(app.app))
    .reverse()
    .flatMap((product) => product.variants.filter((variant) => variant.stockOnHand >= 3).map((variant) => ({ product, variant })))
}, 120_000)
afterAll(() => app.close())

const api = () => request(app.app)

/** One unit of a size with stock into the shopper's bag (a different product each time). */
async function bagOne(shopper: Shopper) {
  const { product, variant } = products[nextProduct++ % products.length]!
  expect((await api().post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size })).status).toBe(201)
}

const placeCod = (shopper: Shopper) => api().post("/api/checkout").set(bearer(shopper)).send(payload("cod"))

async function codOrderPlaced(shopper: Shopper): Promise<string> {
  await bagOne(shopper)
  const placed = await placeCod(shopper)
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return placed.body.orderId as string
}

function expectLimited(response: request.Response) {
  expect(response.status).toBe(429)
  expect(response.body.code).toBe("rate_limited")
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0)
}

const png = () =>
  sharp({ create: { width: 12, height: 12, channels: 3, background: "#556677" } })
    .png()
    .toBuffer()

describe("5. limits on costly actions", () => {
  it("5. ordering is limited per shopper (20 attempts an hour, create-order and COD together); another shopper at the same address keeps their own budget", async () => {
    const [greedy, neighbour] = await Promise.all([signedUpUser(app.app, "greedy"), signedUpUser(app.app, "neighbour")])
    // An empty bag: each attempt is counted, then refused as the checkout would refuse it.
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await api().post("/api/payments/create-order").set(bearer(greedy)).send(payload("prepaid"))).status).toBe(400)
      expect((await placeCod(greedy)).status).toBe(400)
    }
    expectLimited(await api().post("/api/payments/create-order").set(bearer(greedy)).send(payload("prepaid")))
    expectLimited(await placeCod(greedy))
    // Same address (every test request comes from 127.0.0.1), another shopper: not limited.
    expect((await placeCod(neighbour)).status).toBe(400)
  })

  it("5. address creation is limited per shopper (20 a day) with 429 and Retry-After; another shopper at the same address is not", async () => {
    const [hoarder, neighbour] = await Promise.all([signedUpUser(app.app, "hoarder"), signedUpUser(app.app, "neighbour2")])
    const create = (shopper: Shopper, n: number) =>
      api()
        .post("/api/addresses")
        .set(bearer(shopper))
        .send({ ...NEW_ADDRESS, line1: `${n} Linking Road` })
    for (let n = 1; n <= 20; n++) expect((await create(hoarder, n)).status).toBe(201)
    expectLimited(await create(hoarder, 21))
    expect((await create(neighbour, 1)).status).toBe(201)
  })

  it("5. uploads are limited per shopper (30 an hour); staff filling the catalogue get a budget of their own, ten times larger", async () => {
    const [shopper, staff] = await Promise.all([signedUpUser(app.app, "uploader"), staffSession(app.app)])
    const image = await png()
    const upload = (headers: Record<string, string>) => api().post("/api/uploads/image").set(headers).attach("image", image, "a.png")
    for (let n = 0; n < 30; n++) expect((await upload(bearer(shopper))).status).toBe(201)
    expectLimited(await upload(bearer(shopper)))
    for (let n = 0; n < 31; n++) expect((await upload(staff.headers)).status).toBe(201)
  })

  it("5. a 4th open cash-on-delivery order is refused with a clear message; one delivered frees its place", async () => {
    const shopper = await signedUpUser(app.app, "codfour")
    const orders = []
    for (let n = 0; n < OPEN_COD_ORDERS_LIMIT; n++) orders.push(await codOrderPlaced(shopper))
    await bagOne(shopper)
    const refused = await placeCod(shopper)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe("You have 3 cash-on-delivery orders on the way. Pay online, or wait until one is delivered.")
    expect(refused.body.error).toBe(TOO_MANY_COD_ORDERS)
    // The refusal held nothing: online payment is still open to the same bag.
    expect((await api().post("/api/payments/create-order").set(bearer(shopper)).send(payload("prepaid"))).status).toBe(201)
    await app.db.query("update bff.orders set status = 'DELIVERED' where id = $1", [orders[0]])
    expect((await placeCod(shopper)).status).toBe(201)
  })

  it("5. two cash-on-delivery checkouts at once with 2 open: exactly one is placed", async () => {
    // The count and the hold as one step: a checkout whose hold lands while the other is counting still counts.
    const racer = await signedUpUser(app.app, "codcount")
    const holdOne = async (client: Pick<typeof app.db, "query">) => {
      await new Promise((resolve) => setTimeout(resolve, 100))
      await client.query(
        `insert into bff.stock_holds (checkout_id, user_id, product_id, variant_id, quantity, expires_at, mode)
         values (gen_random_uuid(), $1, 'prod_race', 'variant_race', 1, now() + interval '10 minutes', 'cod')`,
        [racer.user.id],
      )
    }
    try {
      await holdOne(app.db)
      await holdOne(app.db)
      const outcomes = await Promise.allSettled([withinOpenCodOrders(app.db, racer.user.id, holdOne), withinOpenCodOrders(app.db, racer.user.id, holdOne)])
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"])
      expect((outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ status: 409 })
    } finally {
      await app.db.query("delete from bff.stock_holds where user_id = $1", [racer.user.id])
    }

    // And through the checkout itself, with real orders.
    const shopper = await signedUpUser(app.app, "codrace")
    for (let n = 0; n < OPEN_COD_ORDERS_LIMIT - 1; n++) await codOrderPlaced(shopper)
    await bagOne(shopper)
    await bagOne(shopper)
    const answers = await Promise.all([placeCod(shopper), placeCod(shopper)])
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1)
    // The other is refused: over the limit or in flight (409), or, accepted in milliseconds, the first emptied the bag.
    const refused = answers.find((answer) => answer.status !== 201)!
    expect([409, 400]).toContain(refused.status)
    if (refused.status === 400) expect(refused.body.error).toBe(CART_EMPTY)
    const { rows } = await app.db.query<{ open: number }>(
      "select count(*)::int as open from bff.orders where user_id = $1 and payment_method = 'cod' and status not in ('DELIVERED', 'CANCELLED')",
      [shopper.user.id],
    )
    expect(rows[0]!.open).toBe(OPEN_COD_ORDERS_LIMIT)
  })
})
