import { bagSchema, dropOpensMessage, type Bag, type Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { createTestApp } from "../../../test/app.js"
import { newestProducts } from "../../../test/catalog.js"
import { ownCatalogue } from "../../../test/staff.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let products: Product[]

beforeAll(async () => {
  ctx = await createTestApp()
  products = await newestProducts(ctx.app)
})
afterAll(() => ctx.close())

type Shopper = Awaited<ReturnType<typeof signedUpUser>>
const bearer = (shopper: Shopper) => ({ Authorization: `Bearer ${shopper.accessToken}` })

async function bagOf(shopper: Shopper): Promise<Bag> {
  const response = await request(ctx.app).get("/api/cart").set(bearer(shopper))
  expect(response.status).toBe(200)
  expect(response.headers["cache-control"]).toBe("no-store")
  // Strictly: a member renamed, missing or added on either side fails every test that reads the bag.
  const parsed = bagSchema.safeParse(response.body)
  expect(parsed.success ? [] : parsed.error.issues).toEqual([])
  return response.body
}

const add = (shopper: Shopper, body: Record<string, unknown>) => request(ctx.app).post("/api/cart").set(bearer(shopper)).send(body)

/** A product with a size in stock (at least `quantity`) and a sold-out size. */
function productWithSoldOutSize(quantity = 3) {
  const product = products.find((p) => p.variants.some((v) => v.stockOnHand === 0) && p.variants.some((v) => v.stockOnHand >= quantity))!
  return {
    product,
    inStock: product.variants.find((v) => v.stockOnHand >= quantity)!,
    soldOut: product.variants.find((v) => v.stockOnHand === 0)!,
  }
}

describe("the bag", () => {
  it("answers 401 on every route when signed out", async () => {
    const id = "00000000-0000-4000-8000-000000000000"
    for (const call of [
      request(ctx.app).get("/api/cart"),
      request(ctx.app).post("/api/cart").send({ productId: products[0]!.id }),
      request(ctx.app).put(`/api/cart/${id}`).send({ quantity: 2 }),
      request(ctx.app).delete(`/api/cart/${id}`),
      request(ctx.app).patch(`/api/cart/items/${id}`).send({ size: "M" }),
    ]) {
      const response = await call
      expect(response.status).toBe(401)
      expect(response.body.error).toBeTruthy()
    }
  })

  it("starts empty", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    expect(await bagOf(shopper)).toEqual({
      items: [],
      summary: { itemCount: 0, subtotal: 0, darkCoins: 0, usableDiscount: 0, coinsToSpend: 0, sizesMissing: false },
    })
  })

  it("holds a line without a size, flags it, merges a second add, then gives it the size picked", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    const { product, inStock } = productWithSoldOutSize()
    expect((await add(shopper, { productId: product.id, quantity: 1, size: null, refPostId: "12345" })).status).toBe(201)
    const second = await add(shopper, { productId: product.id })
    expect(second.status).toBe(201)
    const [line] = (second.body as Bag).items
    expect((second.body as Bag).items).toHaveLength(1)
    expect(line).toMatchObject({
      productId: product.id,
      quantity: 2,
      size: null,
      unitPrice: product.basePrice,
      lineTotal: product.basePrice * 2,
      refPostId: "12345",
      availableSizes: product.availableSizes,
      sizeRequired: true,
    })
    expect(line!.product.id).toBe(product.id)
    expect((second.body as Bag).summary).toMatchObject({ itemCount: 2, subtotal: product.basePrice * 2, sizesMissing: true })

    const sized = await request(ctx.app).patch(`/api/cart/items/${line!.id}`).set(bearer(shopper)).send({ size: inStock.size.toLowerCase() })
    expect(sized.status).toBe(200)
    const [moved] = (sized.body as Bag).items
    expect((sized.body as Bag).items).toHaveLength(1)
    expect(moved).toMatchObject({ size: inStock.size, quantity: 2, unitPrice: product.basePrice, refPostId: "12345", sizeRequired: false })
    expect((sized.body as Bag).summary.sizesMissing).toBe(false)
    const { rows } = await ctx.db.query("select count(*)::int as n from bff.bag_lines where product_id = $1 and user_id = $2 and variant_id is null", [
      product.id,
      shopper.user.id,
    ])
    expect(rows[0].n).toBe(0)
  })

  it("adds the same product and size to the existing line, and asks Medusa for nothing (no cart, no reservation)", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    const { product, inStock } = productWithSoldOutSize()
    await add(shopper, { productId: product.id, size: inStock.size })
    const response = await add(shopper, { productId: product.id, size: inStock.size, quantity: 2 })
    expect(response.status).toBe(201)
    const { items } = response.body as Bag
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ size: inStock.size, quantity: 3 })
    const { rows } = await ctx.db.query("select count(*)::int as n from public.cart where email = $1", [shopper.email])
    expect(rows[0].n).toBe(0)
  })

  it("refuses a sold-out size with 409 'Selected size is out of stock', at add and at size change", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    const { product, soldOut } = productWithSoldOutSize()
    const refused = await add(shopper, { productId: product.id, size: soldOut.size })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe("Selected size is out of stock")
    const sizeless = (await add(shopper, { productId: product.id })).body as Bag
    const change = await request(ctx.app).patch(`/api/cart/items/${sizeless.items[0]!.id}`).set(bearer(shopper)).send({ size: soldOut.size })
    expect(change.status).toBe(409)
    expect(change.body.error).toBe("Selected size is out of stock")
    expect((await bagOf(shopper)).items[0]).toMatchObject({ size: null, quantity: 1 })
  })

  it("adds no more of a size than its stock, nor more than 10 to one line, and keeps the line as it was", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    const scarce = products.flatMap((product) =>
      product.variants.filter((v) => v.stockOnHand > 0 && v.stockOnHand < 10).map((variant) => ({ product, variant })),
    )[0]!
    await add(shopper, { productId: scarce.product.id, size: scarce.variant.size })
    const pastStock = await add(shopper, { productId: scarce.product.id, size: scarce.variant.size, quantity: scarce.variant.stockOnHand })
    expect(pastStock.status).toBe(409)
    expect(pastStock.body.error).toBe(`Only ${scarce.variant.stockOnHand} left in size ${scarce.variant.size}`)

    const plenty = products.flatMap((product) => product.variants.filter((v) => v.stockOnHand > 10).map((variant) => ({ product, variant })))[0]!
    expect((await add(shopper, { productId: plenty.product.id, size: plenty.variant.size, quantity: 8 })).status).toBe(201)
    const pastLine = await add(shopper, { productId: plenty.product.id, size: plenty.variant.size, quantity: 3 })
    expect(pastLine.status).toBe(400)
    expect(pastLine.body.error).toBe("You can have at most 10 of one item in your bag.")
    expect((await bagOf(shopper)).items.map((item) => [item.productId, item.quantity])).toEqual([
      [scarce.product.id, 1],
      [plenty.product.id, 8],
    ])
  })

  it("changes quantity, says how many are left past the stock, and removes at 0", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    const { product, inStock } = productWithSoldOutSize()
    const line = ((await add(shopper, { productId: product.id, size: inStock.size })).body as Bag).items[0]!
    const changed = await request(ctx.app).put(`/api/cart/${line.id}`).set(bearer(shopper)).send({ quantity: 2 })
    expect(changed.status).toBe(200)
    expect((changed.body as Bag).items[0]!.quantity).toBe(2)
    if (inStock.stockOnHand < 10) {
      const tooMany = await request(ctx.app)
        .put(`/api/cart/${line.id}`)
        .set(bearer(shopper))
        .send({ quantity: inStock.stockOnHand + 1 })
      expect(tooMany.status).toBe(409)
      expect(tooMany.body.error).toBe(`Only ${inStock.stockOnHand} left in size ${inStock.size}`)
      expect(tooMany.body.available).toBe(inStock.stockOnHand)
    }
    const removed = await request(ctx.app).put(`/api/cart/${line.id}`).set(bearer(shopper)).send({ quantity: 0 })
    expect(removed.status).toBe(200)
    expect((removed.body as Bag).items).toEqual([])
  })

  it("deletes sized and sizeless lines", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    const { product, inStock } = productWithSoldOutSize()
    await add(shopper, { productId: product.id, size: inStock.size })
    const both = ((await add(shopper, { productId: products.find((p) => p.id !== product.id)!.id })).body as Bag).items
    expect(both).toHaveLength(2)
    for (const item of both) expect((await request(ctx.app).delete(`/api/cart/${item.id}`).set(bearer(shopper))).status).toBe(200)
    expect((await bagOf(shopper)).items).toEqual([])
  })

  it("rejects bad input with 400 naming the field, and unknown products with 404", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    const { product } = productWithSoldOutSize()
    for (const quantity of [0, 11, 1.5, "2", -1]) {
      const response = await add(shopper, { productId: product.id, quantity })
      expect(response.status, String(quantity)).toBe(400)
      expect(response.body.error).toMatch(/quantity/)
    }
    expect((await add(shopper, { productId: product.id, size: "XXS" })).body.error).toMatch(/size/)
    expect((await add(shopper, { productId: product.id, refPostId: "12a" })).body.error).toMatch(/refPostId/)
    expect((await add(shopper, { productId: "nope" })).status).toBe(400)
    expect((await add(shopper, { productId: "prod_00000000000000000000000000" })).status).toBe(404)
    const line = ((await add(shopper, { productId: product.id })).body as Bag).items[0]!
    expect((await request(ctx.app).put(`/api/cart/${line.id}`).set(bearer(shopper)).send({ quantity: 11 })).status).toBe(400)
    expect((await request(ctx.app).put(`/api/cart/${line.id}`).set(bearer(shopper)).send({})).status).toBe(400)
    expect((await request(ctx.app).patch(`/api/cart/items/${line.id}`).set(bearer(shopper)).send({ size: "" })).status).toBe(400)
    expect((await request(ctx.app).put("/api/cart/not-an-id").set(bearer(shopper)).send({ quantity: 1 })).status).toBe(404)
  })

  it("never lets a shopper see or change another shopper's lines", async () => {
    const owner = await signedUpUser(ctx.app, "bag")
    const other = await signedUpUser(ctx.app, "bag")
    const { product, inStock } = productWithSoldOutSize()
    await add(owner, { productId: product.id, size: inStock.size })
    const lines = ((await add(owner, { productId: products.find((p) => p.id !== product.id)!.id })).body as Bag).items
    for (const line of lines) {
      expect((await request(ctx.app).put(`/api/cart/${line.id}`).set(bearer(other)).send({ quantity: 2 })).status).toBe(404)
      expect((await request(ctx.app).patch(`/api/cart/items/${line.id}`).set(bearer(other)).send({ size: inStock.size })).status).toBe(404)
      expect((await request(ctx.app).delete(`/api/cart/${line.id}`).set(bearer(other))).status).toBe(404)
    }
    expect((await bagOf(other)).items).toEqual([])
    expect((await bagOf(owner)).items.map((item) => item.quantity)).toEqual([1, 1])
  })

  it("shows the Dark Coins balance and the discount the server allows", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    const { product, inStock } = productWithSoldOutSize()
    await add(shopper, { productId: product.id, size: inStock.size })
    await ctx.db.query("insert into bff.dark_coin_entries (user_id, coins, kind, note) values ($1, 3000, 'earn', 'test'), ($1, -495, 'spend', 'test')", [
      shopper.user.id,
    ])
    const { summary } = await bagOf(shopper)
    expect(summary.darkCoins).toBe(2505)
    const expected = Math.min(25_000, Math.floor(product.basePrice / 100) * 100)
    expect(summary).toMatchObject({ usableDiscount: expected, coinsToSpend: (expected / 100) * 10 })
  })

  it("keeps one line when two adds of the same size race", async () => {
    const shopper = await signedUpUser(ctx.app, "bag")
    const { product, inStock } = productWithSoldOutSize(2)
    const [a, b] = await Promise.all([add(shopper, { productId: product.id, size: inStock.size }), add(shopper, { productId: product.id, size: inStock.size })])
    expect([a.status, b.status]).toEqual([201, 201])
    const { items } = await bagOf(shopper)
    expect(items).toHaveLength(1)
    expect(items[0]!.quantity).toBe(2)
    const { rows } = await ctx.db.query("select count(*)::int as n from bff.bag_lines where user_id = $1", [shopper.user.id])
    expect(rows[0].n).toBe(1)
  })

  it("answers every change while Medusa can't be reached", async () => {
    const down = await createTestApp({ MEDUSA_URL: "http://127.0.0.1:9" })
    try {
      const shopper = await signedUpUser(ctx.app, "bag")
      const { product, inStock, soldOut } = productWithSoldOutSize(2)
      const call = (test: request.Test) => test.set(bearer(shopper))
      const added = await call(request(down.app).post("/api/cart")).send({ productId: product.id, size: inStock.size })
      expect(added.status).toBe(201)
      const line = (added.body as Bag).items[0]!
      expect((await call(request(down.app).put(`/api/cart/${line.id}`)).send({ quantity: 2 })).status).toBe(200)
      expect((await call(request(down.app).patch(`/api/cart/items/${line.id}`)).send({ size: soldOut.size })).status).toBe(409)
      expect((await call(request(down.app).get("/api/cart"))).body.items).toMatchObject([{ size: inStock.size, quantity: 2 }])
      expect((await call(request(down.app).delete(`/api/cart/${line.id}`))).status).toBe(200)
    } finally {
      await down.close()
    }
  })
})

describe("the bag and a scheduled drop", () => {
  let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
  beforeAll(async () => {
    catalogue = await ownCatalogue(ctx.app, "Cart Drop")
  })
  afterAll(() => catalogue.remove())

  it("refuses ADD TO BAG before the drop opens with 409 naming its start in India time, with a size or without", async () => {
    const startsAt = new Date(Date.now() + 86_400_000).toISOString()
    const product = await catalogue.publish(3, { drop: { startsAt, limitPerShopper: 1 } })
    expect(product.drop).toEqual({ startsAt, limitPerShopper: 1 })
    const shopper = await signedUpUser(ctx.app, "bag")
    for (const size of ["M", null]) {
      const refused = await add(shopper, { productId: product.id, size })
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ code: "conflict", message: dropOpensMessage(startsAt) })
      expect(refused.body.message).toMatch(/^This drop opens at \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} [ap]m IST$/)
    }
    expect((await bagOf(shopper)).items).toEqual([])
  })

  it("takes ADD TO BAG once the drop has opened", async () => {
    const startsAt = new Date(Date.now() - 60_000).toISOString()
    const product = await catalogue.publish(3, { drop: { startsAt, limitPerShopper: 1 } })
    const shopper = await signedUpUser(ctx.app, "bag")
    const added = await add(shopper, { productId: product.id, size: "M" })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect((added.body as Bag).items).toMatchObject([{ productId: product.id, size: "M", quantity: 1, product: { drop: { startsAt } } }])
  })
})
