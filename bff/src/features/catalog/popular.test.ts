import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { placeMedusaOrder } from "../../../test/orders.js"
import { type ListedProduct, type Product } from "@fitshop/contracts"

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

async function popularIds(query: Record<string, string> = {}): Promise<string[]> {
  const response = await request(ctx.app)
    .get("/api/products")
    .query({ sort: "popular", limit: "100", ...query })
  expect(response.status).toBe(200)
  return (response.body.products as ListedProduct[]).map((product) => product.id)
}

describe("Popular: units sold in the last 30 days", () => {
  it("ranks a product up after a real order is placed in Medusa, by units and not by order count", async () => {
    // Other test files in the same run sell products too: this test picks unsold ones from the read model.
    const unsold = async () =>
      (await ctx.db.query<{ id: string }>("select id from bff.catalog_products where gender = 'MEN' and units_sold_30d = 0 order by created_at desc, id desc"))
        .rows
    // The oldest unsold products, so newest-first ties would never put them on top by themselves.
    const [many, few] = (await unsold()).slice(-2).reverse()
    // Listings carry no variant ids: the product page has them.
    const inStock = async (listed: { id: string }) => {
      const { product } = (await request(ctx.app).get(`/api/products/${listed.id}`)).body as { product: Product }
      return product.variants.find((variant) => variant.stockOnHand >= 3)!
    }
    expect(many && few).toBeTruthy()

    await placeMedusaOrder(ctx.commerce, [{ variantId: (await inStock(few!)).id, quantity: 1 }])
    await placeMedusaOrder(ctx.commerce, [{ variantId: (await inStock(many!)).id, quantity: 3 }])
    await ctx.sync.refreshSales()

    const ranked = await popularIds({ gender: "MEN" })
    expect(ranked.indexOf(many!.id)).toBeLessThan(ranked.indexOf(few!.id))
    // Unsold products rank newest first, so a sold old product overtakes the newest unsold one.
    expect(ranked.indexOf(few!.id)).toBeLessThan(ranked.indexOf((await unsold())[0]!.id))
  })

  it("commerce's units-sold route answers only with the internal secret and checks its window", async () => {
    const url = new URL("/internal/units-sold?days=30", ctx.config.MEDUSA_URL)
    expect((await fetch(url)).status).toBe(403)
    const bad = await fetch(new URL("/internal/units-sold?days=0", ctx.config.MEDUSA_URL), {
      headers: { "x-internal-secret": ctx.config.INTERNAL_API_SECRET },
    })
    expect(bad.status).toBe(400)
  })
})
