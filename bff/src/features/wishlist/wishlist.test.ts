import type { ListedProduct, WishlistItem } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { createTestApp } from "../../../test/app.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let products: ListedProduct[]

beforeAll(async () => {
  ctx = await createTestApp()
  products = (await request(ctx.app).get("/api/products").query({ limit: "3" })).body.products
})
afterAll(() => ctx.close())

type Shopper = Awaited<ReturnType<typeof signedUpUser>>
const bearer = (shopper: Shopper) => ({ Authorization: `Bearer ${shopper.accessToken}` })
const list = async (shopper: Shopper): Promise<WishlistItem[]> => (await request(ctx.app).get("/api/wishlist").set(bearer(shopper))).body.items

describe("the wardrobe", () => {
  it("answers 401 when signed out", async () => {
    expect((await request(ctx.app).get("/api/wishlist")).status).toBe(401)
    expect((await request(ctx.app).post("/api/wishlist").send({ productId: products[0]!.id })).status).toBe(401)
    expect((await request(ctx.app).delete(`/api/wishlist/${products[0]!.id}`)).status).toBe(401)
  })

  it("saves a product once however often it is added, newest first, with the product", async () => {
    const shopper = await signedUpUser(ctx.app, "wish")
    const [first, second] = products
    const added = await request(ctx.app).post("/api/wishlist").set(bearer(shopper)).send({ productId: first!.id })
    expect(added.status).toBe(201)
    expect(added.headers["cache-control"]).toBe("no-store")
    expect(added.body.item).toMatchObject({ productId: first!.id, product: { id: first!.id, title: first!.title } })
    const again = await request(ctx.app).post("/api/wishlist").set(bearer(shopper)).send({ productId: first!.id })
    expect(again.status).toBe(200)
    expect(again.body.item.id).toBe(added.body.item.id)
    const racing = await Promise.all([1, 2, 3].map(() => request(ctx.app).post("/api/wishlist").set(bearer(shopper)).send({ productId: second!.id })))
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 201])
    expect((await list(shopper)).map((item) => item.productId)).toEqual([second!.id, first!.id])
  })

  it("removes by entry id or product id, and 404s what is not there or not yours", async () => {
    const owner = await signedUpUser(ctx.app, "wish")
    const other = await signedUpUser(ctx.app, "wish")
    const [first, second] = products
    const entry = (await request(ctx.app).post("/api/wishlist").set(bearer(owner)).send({ productId: first!.id })).body.item as WishlistItem
    await request(ctx.app).post("/api/wishlist").set(bearer(owner)).send({ productId: second!.id })
    expect((await request(ctx.app).delete(`/api/wishlist/${entry.id}`).set(bearer(other))).status).toBe(404)
    expect((await request(ctx.app).delete(`/api/wishlist/${second!.id}`).set(bearer(other))).status).toBe(404)
    expect((await request(ctx.app).delete(`/api/wishlist/${entry.id}`).set(bearer(owner))).status).toBe(204)
    expect((await request(ctx.app).delete(`/api/wishlist/${second!.id}`).set(bearer(owner))).status).toBe(204)
    expect((await request(ctx.app).delete(`/api/wishlist/${second!.id}`).set(bearer(owner))).status).toBe(404)
    expect((await request(ctx.app).delete("/api/wishlist/garbage").set(bearer(owner))).status).toBe(404)
    expect(await list(owner)).toEqual([])
  })

  it("rejects a malformed product id with 400 and an unknown one with 404", async () => {
    const shopper = await signedUpUser(ctx.app, "wish")
    const bad = await request(ctx.app).post("/api/wishlist").set(bearer(shopper)).send({ productId: 42 })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/productId/)
    expect((await request(ctx.app).post("/api/wishlist").set(bearer(shopper)).send({ productId: "prod_00000000000000000000000000" })).status).toBe(404)
  })
})
