import { dropLimitMessage, type Bag, type Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { bearer, checkOut, followMedusa, payload, startCheckoutApp, type CheckoutApp, type Shopper } from "../../../test/checkout.js"
import { cancelInMedusa } from "../../../test/orders.js"
import { ownCatalogue } from "../../../test/staff.js"
import { inboxOf } from "../users/index.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>

beforeAll(async () => {
  app = await startCheckoutApp()
  catalogue = await ownCatalogue(app.app, "Drop Limit")
})
afterAll(async () => {
  await catalogue.remove()
  await app.close()
})

/** A drop open since a minute ago, 10 units in each of M and L, at most `limitPerShopper` a person. */
const openDrop = (limitPerShopper = 1) => catalogue.publish(10, { drop: { startsAt: new Date(Date.now() - 60_000).toISOString(), limitPerShopper } })

const add = (shopper: Shopper, product: Product, size: string, quantity = 1) =>
  request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size, quantity })

async function bagOf(shopper: Shopper): Promise<Bag> {
  const response = await request(app.app).get("/api/cart").set(bearer(shopper))
  expect(response.status).toBe(200)
  return response.body as Bag
}

const codCheckout = (shopper: Shopper) => request(app.app).post("/api/checkout").set(bearer(shopper)).send(payload("cod"))
const onlineCheckout = (shopper: Shopper) => request(app.app).post("/api/payments/create-order").set(bearer(shopper)).send(payload("prepaid"))

function expectOverLimit(response: request.Response, limit: number) {
  expect(response.status, JSON.stringify(response.body)).toBe(409)
  expect(response.body).toMatchObject({ code: "drop_limit", message: dropLimitMessage(limit) })
}

/**
 * Another account of the shopper's inbox (their address with `+tag`), as one made before one inbox was one person
 * (migration 029) still is: its own address, and no `inbox` of its own.
 */
async function sameInbox(first: Shopper, tag: string): Promise<Shopper> {
  const other = await signedUpUser(app.app, "drop")
  const [local, domain] = first.email.split("@")
  const email = `${local}+${tag}@${domain}`
  expect(inboxOf(email)).toBe(inboxOf(first.email))
  await app.db.query("update bff.users set email = $2, inbox = null where id = $1", [other.user.id, email])
  return { ...other, email }
}

/** The units of the product the accounts have ordered (not cancelled) or hold in a checkout not yet placed. */
async function unitsTaken(product: Product, shoppers: Shopper[]): Promise<number> {
  const ids = shoppers.map((shopper) => shopper.user.id)
  const { rows } = await app.db.query<{ units: number }>(
    `select (select coalesce(sum((line->>'quantity')::int), 0) from bff.orders o cross join jsonb_array_elements(o.items) line
              where o.user_id = any($1::uuid[]) and o.status <> 'CANCELLED' and line->>'productId' = $2)
          + (select coalesce(sum(quantity), 0) from bff.stock_holds
              where user_id = any($1::uuid[]) and product_id = $2 and released_at is null and placed_at is null and expires_at > now())
            as units`,
    [ids, product.id],
  )
  return Number(rows[0]!.units)
}

describe("a drop's limit per shopper at ADD TO BAG", () => {
  it("refuses units past the limit, in any size or quantity, and keeps the bag within it", async () => {
    const product = await openDrop(2)
    const shopper = await signedUpUser(app.app, "drop")
    expectOverLimit(await add(shopper, product, "M", 3), 2)
    expect((await add(shopper, product, "M")).status).toBe(201)
    expectOverLimit(await add(shopper, product, "L", 2), 2)
    expect((await add(shopper, product, "L")).status).toBe(201)
    expectOverLimit(await add(shopper, product, "M"), 2)
    const line = (await bagOf(shopper)).items.find((item) => item.size === "M")!
    expectOverLimit(await request(app.app).put(`/api/cart/${line.id}`).set(bearer(shopper)).send({ quantity: 2 }), 2)
    expect((await bagOf(shopper)).items.map((item) => [item.size, item.quantity])).toEqual([
      ["M", 1],
      ["L", 1],
    ])
  })

  it("counts the person's orders and their other accounts' checkouts; other products are unaffected", async () => {
    const product = await openDrop(1)
    const ordinary = await catalogue.publish(5)
    const shopper = await signedUpUser(app.app, "drop")
    const other = await sameInbox(shopper, "phone")
    expect((await add(other, product, "M")).status).toBe(201)
    const window = await onlineCheckout(other)
    expect(window.status).toBe(201)
    // The other account's payment window holds the unit.
    expectOverLimit(await add(shopper, product, "M"), 1)
    expect((await add(shopper, ordinary, "M")).status).toBe(201)
    expect(await checkOut(app, shopper, "cod")).toBeTruthy()
    // Its window closed, the unit is the person's to take again, on either account.
    const cancelled = await request(app.app).post("/api/payments/cancel").set(bearer(other)).send({ razorpay_order_id: window.body.orderId })
    expect(cancelled.body).toEqual({ ok: true, released: true })
    expect((await add(shopper, product, "L")).status).toBe(201)
    expect(await checkOut(app, shopper, "cod")).toBeTruthy()
    expect(await unitsTaken(product, [shopper, other])).toBe(1)
  })
})

describe("a drop's limit per shopper at checkout", () => {
  it("refuses a second checkout by the same account after its cash-on-delivery order", async () => {
    const product = await openDrop(1)
    const shopper = await signedUpUser(app.app, "drop")
    expect((await add(shopper, product, "M")).status).toBe(201)
    await checkOut(app, shopper, "cod")
    expectOverLimit(await add(shopper, product, "M"), 1)
    // A line the bag kept from before the drop's limit (added before staff scheduled it): checkout counts it too.
    await app.db.query("insert into bff.bag_lines (user_id, product_id, variant_id, quantity) values ($1, $2, $3, 1)", [
      shopper.user.id,
      product.id,
      product.variants.find((variant) => variant.size === "L")!.id,
    ])
    expectOverLimit(await codCheckout(shopper), 1)
    expectOverLimit(await onlineCheckout(shopper), 1)
    expect(await unitsTaken(product, [shopper])).toBe(1)
  })

  it("refuses a second account of the same inbox once the first has ordered", async () => {
    const product = await openDrop(1)
    const shopper = await signedUpUser(app.app, "drop")
    const other = await sameInbox(shopper, "x")
    expect((await add(shopper, product, "M")).status).toBe(201)
    expect((await add(other, product, "L")).status).toBe(201)
    await checkOut(app, shopper, "cod")
    expectOverLimit(await codCheckout(other), 1)
    expectOverLimit(await onlineCheckout(other), 1)
    expect(await unitsTaken(product, [shopper, other])).toBe(1)
  })

  it("lets exactly the limit through when one person's accounts check out at the same moment", async () => {
    const product = await openDrop(2)
    const first = await signedUpUser(app.app, "drop")
    const accounts = [first, await sameInbox(first, "tab2"), await sameInbox(first, "tab3"), await sameInbox(first, "tab4")]
    for (const [index, shopper] of accounts.entries()) expect((await add(shopper, product, index % 2 ? "L" : "M")).status).toBe(201)
    const answers = await Promise.all(accounts.map((shopper, index) => (index % 2 ? onlineCheckout(shopper) : codCheckout(shopper))))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2)
    for (const refused of answers.filter((answer) => answer.status !== 201)) expectOverLimit(refused, 2)
    expect(await unitsTaken(product, accounts)).toBe(2)
  })

  it("frees the limit when the order is cancelled", async () => {
    const product = await openDrop(1)
    const shopper = await signedUpUser(app.app, "drop")
    expect((await add(shopper, product, "M")).status).toBe(201)
    const orderId = await checkOut(app, shopper, "cod")
    expectOverLimit(await add(shopper, product, "M"), 1)
    await cancelInMedusa(app.db, orderId)
    await followMedusa(app, orderId)
    expect((await add(shopper, product, "M")).status).toBe(201)
    expect(await checkOut(app, shopper, "cod")).toBeTruthy()
    expect(await unitsTaken(product, [shopper])).toBe(1)
  })
})
