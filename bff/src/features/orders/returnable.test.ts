import type { Order, Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { bearer, checkOut, deliverThroughShiprocket, followMedusa, ordersOf, startCheckoutApp, type CheckoutApp } from "../../../test/checkout.js"
import { cancelInMedusa } from "../../../test/orders.js"
import { ownCatalogue } from "../../../test/staff.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
/** A product shoppers may return, and one staff marked not returnable. */
let products: Record<"returnable" | "final", Product>

beforeAll(async () => {
  app = await startCheckoutApp({ RETURN_WINDOW_DAYS: "7" })
  catalogue = await ownCatalogue(app.app, "Returnable tee")
  products = { returnable: await catalogue.publish(20), final: await catalogue.publish(20, { returnable: false }) }
})
afterAll(async () => {
  await catalogue.remove(app.app)
  await app.close()
})

const DAY_MS = 24 * 60 * 60_000

async function orderOf(shopper: Awaited<ReturnType<typeof signedUpUser>>, orderId: string): Promise<Order> {
  return (await ordersOf(app, shopper)).find((order) => order.id === orderId) as unknown as Order
}

describe("a line's return eligibility", () => {
  it("opens on delivery for the return window, names Medusa's order line, and never opens for a product staff marked not returnable", async () => {
    const shopper = await signedUpUser(app.app, "returner")
    for (const product of [products.returnable, products.final]) {
      expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: "M" })).status).toBe(201)
    }
    const orderId = await checkOut(app, shopper, "cod")

    const placed = await orderOf(shopper, orderId)
    expect(placed.items.map(({ returnable, returnableUntil }) => ({ returnable, returnableUntil }))).toEqual([
      { returnable: false, returnableUntil: null },
      { returnable: false, returnableUntil: null },
    ])
    // Each line is Medusa's order line, which a return will name.
    expect(placed.items.map((item) => item.id)).toEqual([expect.stringMatching(/^ordli_/), expect.stringMatching(/^ordli_/)])
    expect(new Set(placed.items.map((item) => item.id)).size).toBe(2)

    await deliverThroughShiprocket(app, shopper, orderId)
    const delivered = await orderOf(shopper, orderId)
    const deliveredAt = Date.parse(delivered.timeline.deliveredAt!)
    const [returnable, final] = [products.returnable, products.final].map((product) => delivered.items.find((item) => item.productId === product.id)!)
    expect(returnable).toMatchObject({ returnable: true, returnableUntil: new Date(deliveredAt + 7 * DAY_MS).toISOString() })
    expect(final).toMatchObject({ returnable: false, returnableUntil: null })

    // Eight days on, the window has closed: the date stays, to say until when it was open.
    await app.db.query("update bff.orders set delivered_at = delivered_at - interval '8 days' where id = $1", [orderId])
    const late = (await orderOf(shopper, orderId)).items.find((item) => item.productId === products.returnable.id)!
    expect(late.returnable).toBe(false)
    expect(Date.parse(late.returnableUntil!)).toBeLessThan(Date.now())
  })

  it("never opens for an order that was cancelled", async () => {
    const shopper = await signedUpUser(app.app, "canceller")
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: products.returnable.id, size: "M" })).status).toBe(201)
    const orderId = await checkOut(app, shopper, "prepaid")
    await cancelInMedusa(app.db, orderId)
    await followMedusa(app, orderId)
    const [line] = (await orderOf(shopper, orderId)).items
    expect(line).toMatchObject({ returnable: false, returnableUntil: null })
    expect(line!.id).toMatch(/^ordli_/)
  })
})
