import { DROPS_PATH, dropsAnswerSchema, type DropListing, type Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { bearer, payload, startCheckoutApp, type CheckoutApp, type Shopper } from "../../../test/checkout.js"
import { ownCatalogue } from "../../../test/staff.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>

beforeAll(async () => {
  app = await startCheckoutApp()
  catalogue = await ownCatalogue(app.app, "Drops List")
})
afterAll(async () => {
  await catalogue.remove()
  await app.close()
})

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()
const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString()

/** `GET /api/drops` as the product page polls it: uncached, in the contract's shape (other files' drops may be listed too). */
async function drops(): Promise<DropListing[]> {
  const response = await request(app.app).get(DROPS_PATH)
  expect(response.status).toBe(200)
  expect(response.headers["cache-control"]).toBe("no-store")
  const parsed = dropsAnswerSchema.safeParse(response.body)
  expect(parsed.success ? [] : parsed.error.issues).toEqual([])
  return response.body.drops as DropListing[]
}

const listed = async (product: Product) => (await drops()).find((drop) => drop.productId === product.id)

/** A shopper with `quantity` of the product's size M in their bag, and their Razorpay order open (the units held). */
async function holdingCheckout(product: Product, quantity: number): Promise<{ shopper: Shopper; razorpayOrderId: string }> {
  const shopper = await signedUpUser(app.app, "drops")
  const added = await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: "M", quantity })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const created = await request(app.app).post("/api/payments/create-order").set(bearer(shopper)).send(payload("prepaid"))
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return { shopper, razorpayOrderId: created.body.orderId as string }
}

describe("GET /api/drops", () => {
  it("lists a drop not yet open with all its units, and an open one, soonest first", async () => {
    const later = await catalogue.publish(4, { drop: { startsAt: inAnHour(), limitPerShopper: 2 } })
    const open = await catalogue.publish(3, { drop: { startsAt: aMinuteAgo(), limitPerShopper: 1 } })
    const ordinary = await catalogue.publish(3)
    const answer = await drops()
    const ours = answer.filter((drop) => [later.id, open.id, ordinary.id].includes(drop.productId))
    expect(ours).toEqual([
      { productId: open.id, title: open.title, startsAt: open.drop!.startsAt, live: true, remaining: 6 },
      { productId: later.id, title: later.title, startsAt: later.drop!.startsAt, live: false, remaining: 8 },
    ])
    const starts = answer.map((drop) => Date.parse(drop.startsAt))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
  })

  it("counts a unit held by a checkout as gone, and back once the checkout lets it go", async () => {
    const product = await catalogue.publish(2, { drop: { startsAt: aMinuteAgo(), limitPerShopper: 1 } })
    expect(await listed(product)).toMatchObject({ live: true, remaining: 4 })
    const { shopper, razorpayOrderId } = await holdingCheckout(product, 1)
    expect(await listed(product)).toMatchObject({ live: true, remaining: 3 })
    const cancelled = await request(app.app).post("/api/payments/cancel").set(bearer(shopper)).send({ razorpay_order_id: razorpayOrderId })
    expect(cancelled.body).toEqual({ ok: true, released: true })
    expect(await listed(product)).toMatchObject({ live: true, remaining: 4 })
  })

  it("leaves out an open drop with nothing left, sold out or all held, but lists one not yet open", async () => {
    const soldOut = await catalogue.publish(0, { drop: { startsAt: aMinuteAgo(), limitPerShopper: 1 } })
    const notYet = await catalogue.publish(0, { drop: { startsAt: inAnHour(), limitPerShopper: 1 } })
    expect(await listed(soldOut)).toBeUndefined()
    expect(await listed(notYet)).toMatchObject({ live: false, remaining: 0 })

    // One unit in each of M and L: once two checkouts hold them, nothing remains; one let go, one does.
    const last = await catalogue.publish(1, { drop: { startsAt: aMinuteAgo(), limitPerShopper: 1 } })
    expect(await listed(last)).toMatchObject({ live: true, remaining: 2 })
    const first = await holdingCheckout(last, 1)
    const second = await signedUpUser(app.app, "drops")
    expect((await request(app.app).post("/api/cart").set(bearer(second)).send({ productId: last.id, size: "L" })).status).toBe(201)
    expect((await request(app.app).post("/api/payments/create-order").set(bearer(second)).send(payload("prepaid"))).status).toBe(201)
    expect(await listed(last)).toBeUndefined()
    await request(app.app).post("/api/payments/cancel").set(bearer(first.shopper)).send({ razorpay_order_id: first.razorpayOrderId })
    expect(await listed(last)).toMatchObject({ live: true, remaining: 1 })
  })
})
