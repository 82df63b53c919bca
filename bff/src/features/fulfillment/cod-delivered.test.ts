import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { DEMO } from "../../../../commerce/src/scripts/seed/demo-accounts.js"
import { signedUpUser } from "../../../test/accounts.js"
import { bearer, eventually, ordersOf, payload, startCheckoutApp, type CheckoutApp } from "../../../test/checkout.js"
import { newestProducts } from "../../../test/catalog.js"
import type { Product } from "@fitshop/contracts"
import { medusaIdOf } from "../orders/index.js"

let app: CheckoutApp
let products: Product[]

beforeAll(async () => {
  app = await startCheckoutApp()
  products = await newestProducts(app.app)
})
afterAll(() => app.close())

type MedusaOrder = {
  fulfillment_status: string
  total: number
  item_total: number
  shipping_total: number
  items: { variant_id: string | null; title: string }[]
  shipping_methods: { name: string; amount: number; metadata: Record<string, unknown> | null }[]
}

/** Medusa's order (by Medusa's id) as its admin API (and so its dashboard) shows it, read as the demo admin. */
async function medusaOrder(orderId: string): Promise<MedusaOrder> {
  const medusaUrl = inject("medusaUrl")
  const signIn = await fetch(`${medusaUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO.admin),
  })
  expect(signIn.status).toBe(200)
  const { token } = (await signIn.json()) as { token: string }
  // The dashboard's own fields: fulfilment status counts every line's fulfilled quantity.
  const response = await fetch(`${medusaUrl}/admin/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { order: MedusaOrder }).order
}

/** A size with stock to spare, from the middle of the listing, away from the products other files sell down. */
function productInStock() {
  const middle = [...products.slice(products.length / 2), ...products.slice(0, products.length / 2)]
  for (const product of middle) {
    const variant = product.variants.find((v) => v.stockOnHand >= 3)
    if (variant) return { product, variant }
  }
  throw new Error("no product with stock to spare")
}

async function moveShipment(trackingId: string, status: string) {
  const moved = await fetch(`${app.origin}/emulator/shiprocket/test/shipments/${trackingId}/status`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status }),
  })
  expect(moved.status).toBe(200)
}

describe("a cash-on-delivery order in Medusa", () => {
  it("reads delivered once the courier delivers it, its ₹100 fee carried by the shipping method and its total the subtotal plus ₹100", async () => {
    const shopper = await signedUpUser(app.app, "codship")
    const { product, variant } = productInStock()
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: variant.size })).status).toBe(201)
    const placed = await request(app.app).post("/api/checkout").set(bearer(shopper)).send(payload("cod"))
    expect(placed.status).toBe(201)
    const orderId: string = placed.body.orderId

    expect((await request(app.app).post("/api/fulfillment/shiprocket/dispatch").set(bearer(shopper)).send({ orderId })).status).toBe(202)
    const dispatched = await eventually(app, async () => {
      const [order] = await ordersOf(app, shopper)
      return order?.trackingId ? order : undefined
    })
    for (const status of ["PICKUP SCHEDULED", "SHIPPED", "DELIVERED"]) await moveShipment(String(dispatched.trackingId), status)
    await app.runJobs()

    const [shown] = await ordersOf(app, shopper)
    expect(shown).toMatchObject({ id: orderId, status: "DELIVERED", subtotal: product.basePrice, codFee: 10_000, total: product.basePrice + 10_000 })
    const order = await medusaOrder(await medusaIdOf(app.db, orderId))
    expect(order.fulfillment_status).toBe("delivered")
    expect(order.items.map((item) => item.variant_id)).toEqual([variant.id])
    expect(order.shipping_methods.map(({ name, amount, metadata }) => ({ name, amount, metadata }))).toEqual([
      { name: "Standard Shipping + cash on delivery fee", amount: 100, metadata: { cod_fee_amount: 100, shipping_option_amount: 0 } },
    ])
    expect({ total: order.total, item_total: order.item_total, shipping_total: order.shipping_total }).toEqual({
      total: (product.basePrice + 10_000) / 100,
      item_total: product.basePrice / 100,
      shipping_total: 100,
    })
  })
})
