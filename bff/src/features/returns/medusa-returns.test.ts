import { randomUUID } from "node:crypto"
import type { Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO } from "../../../../commerce/src/scripts/seed/demo-accounts.js"
import { signedUpUser } from "../../../test/accounts.js"
import { bearer, checkOut, deliverThroughShiprocket, ordersOf, startCheckoutApp, type CheckoutApp, type Shopper } from "../../../test/checkout.js"
import { medusaApi, ownCatalogue } from "../../../test/staff.js"
import { CommerceInternalError } from "../../lib/medusa.js"
import { medusaIdOf } from "../orders/index.js"
import { cancelMedusaReturn, MedusaStockShort, receiveMedusaReturn, requestMedusaExchange, requestMedusaReturn, shipMedusaExchange } from "./medusa-returns.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
let adminToken: string

beforeAll(async () => {
  app = await startCheckoutApp()
  catalogue = await ownCatalogue(app.app, "Medusa returns tee")
  ;({ token: adminToken } = await medusaApi<{ token: string }>("POST", "/auth/user/emailpass", { body: DEMO.admin }))
})
afterAll(async () => {
  await catalogue.remove(app.app)
  await app.close()
})

type MedusaReturnRow = {
  id: string
  status: string
  order_id: string
  metadata: Record<string, unknown> | null
  items: { item_id: string; quantity: number }[]
}
type MedusaOrder = {
  summary: { pending_difference: number; paid_total: number; refunded_total: number }
  payment_collections: { id: string }[]
  returns: MedusaReturnRow[]
  items: { id: string; variant_id: string; detail: { quantity: number; return_requested_quantity: number; return_received_quantity: number } }[]
  fulfillments: { id: string; shipped_at: string | null; metadata: Record<string, unknown> | null }[]
}

/** Medusa's order as its admin API (and so its dashboard) shows it, with its returns, read as the demo admin. */
async function medusaOrder(medusaOrderId: string): Promise<MedusaOrder> {
  const fields = [
    "id",
    // With a total asked for, Medusa works the summary out as its dashboard shows it (the stored one ignores returns).
    "total",
    "summary",
    "payment_collections.id",
    "*returns",
    "*returns.items",
    "items.id",
    "items.variant_id",
    "items.detail.quantity",
    "items.detail.return_requested_quantity",
    "items.detail.return_received_quantity",
    "fulfillments.id",
    "fulfillments.shipped_at",
    "fulfillments.metadata",
  ].join(",")
  return (await medusaApi<{ order: MedusaOrder }>("GET", `/admin/orders/${medusaOrderId}?fields=${encodeURIComponent(fields)}`, { token: adminToken })).order
}

/** A size's units at the warehouse as Medusa's inventory shows them: on the shelf, and reserved for orders not yet shipped. */
async function stockOf(variantId: string): Promise<{ stocked: number; reserved: number }> {
  const { variants } = await medusaApi<{ variants: { inventory_items: { inventory_item_id: string }[] }[] }>(
    "GET",
    `/admin/product-variants?id=${variantId}&fields=${encodeURIComponent("id,inventory_items.inventory_item_id")}`,
    { token: adminToken },
  )
  const inventoryItemId = variants[0]!.inventory_items[0]!.inventory_item_id
  const { inventory_levels } = await medusaApi<{ inventory_levels: { stocked_quantity: number; reserved_quantity: number }[] }>(
    "GET",
    `/admin/inventory-items/${inventoryItemId}/location-levels`,
    { token: adminToken },
  )
  return {
    stocked: inventory_levels.reduce((sum, level) => sum + level.stocked_quantity, 0),
    reserved: inventory_levels.reduce((sum, level) => sum + level.reserved_quantity, 0),
  }
}

/** A delivered cash-on-delivery order of the given sizes of a product; answers Medusa's id of it and its line id per size. */
async function deliveredOrder(
  product: Product,
  sizes: string[],
  label: string,
): Promise<{ shopper: Shopper; orderId: string; medusaOrderId: string; lines: Record<string, string> }> {
  const shopper = await signedUpUser(app.app, label)
  for (const size of sizes) {
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size })).status).toBe(201)
  }
  const orderId = await checkOut(app, shopper, "cod")
  await deliverThroughShiprocket(app, shopper, orderId)
  const order = (await ordersOf(app, shopper)).find((candidate) => candidate.id === orderId)!
  expect(order.status).toBe("DELIVERED")
  const items = order.items as { id: string; size: string }[]
  return { shopper, orderId, medusaOrderId: await medusaIdOf(app.db, orderId), lines: Object.fromEntries(items.map((item) => [item.size, item.id])) }
}

const variantOf = (product: Product, size: string) => product.variants.find((variant) => variant.size === size)!

/** Each test delivers its own orders through the courier emulator first. */
const SLOW = { timeout: 120_000 }

describe("a return in Medusa", SLOW, () => {
  it("is requested on the order once per BFF return, received back onto the size's stock, and received only once", async () => {
    const product = await catalogue.publish(5)
    const { medusaOrderId, lines } = await deliveredOrder(product, ["M"], "medreturn")
    const bffReturnId = randomUUID()

    const requested = await requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId, items: [{ id: lines.M!, quantity: 1, note: "Size too small" }] })
    expect(requested).toEqual({ returnId: expect.stringMatching(/^return_/), status: "requested", skipped: false })
    const again = await requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId, items: [{ id: lines.M!, quantity: 1 }] })
    expect(again.returnId).toBe(requested.returnId)

    const asked = await medusaOrder(medusaOrderId)
    expect(asked.returns.map(({ id, status, metadata }) => ({ id, status, metadata }))).toEqual([
      { id: requested.returnId, status: "requested", metadata: { bff_return_id: bffReturnId } },
    ])
    expect(asked.items[0]!.detail.return_requested_quantity).toBe(1)

    const before = await stockOf(variantOf(product, "M").id)
    expect(await receiveMedusaReturn(app.commerce, medusaOrderId, requested.returnId)).toEqual({
      returnId: requested.returnId,
      status: "received",
      skipped: false,
    })
    const received = await medusaOrder(medusaOrderId)
    expect(received.returns.map(({ status }) => status)).toEqual(["received"])
    expect(received.items[0]!.detail.return_received_quantity).toBe(1)
    expect(await stockOf(variantOf(product, "M").id)).toEqual({ stocked: before.stocked + 1, reserved: before.reserved })

    expect(await receiveMedusaReturn(app.commerce, medusaOrderId, requested.returnId)).toEqual({
      returnId: requested.returnId,
      status: "received",
      skipped: true,
    })
    expect(await stockOf(variantOf(product, "M").id)).toEqual({ stocked: before.stocked + 1, reserved: before.reserved })
    // Received: too late to cancel, and asking again with the same id still answers the one return.
    await expect(cancelMedusaReturn(app.commerce, medusaOrderId, requested.returnId)).rejects.toMatchObject({ status: 409 })
    expect((await requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId, items: [{ id: lines.M!, quantity: 1 }] })).returnId).toBe(requested.returnId)
    expect((await medusaOrder(medusaOrderId)).returns).toHaveLength(1)
  })

  it("is cancelled while still requested, once, and leaves the order free for the next return", async () => {
    const product = await catalogue.publish(5)
    const { medusaOrderId, lines } = await deliveredOrder(product, ["M"], "medcancel")

    const first = await requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId: randomUUID(), items: [{ id: lines.M!, quantity: 1 }] })
    expect(await cancelMedusaReturn(app.commerce, medusaOrderId, first.returnId)).toEqual({ returnId: first.returnId, status: "canceled", skipped: false })
    expect(await cancelMedusaReturn(app.commerce, medusaOrderId, first.returnId)).toEqual({ returnId: first.returnId, status: "canceled", skipped: true })
    await expect(receiveMedusaReturn(app.commerce, medusaOrderId, first.returnId)).rejects.toMatchObject({ status: 409 })

    const second = await requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId: randomUUID(), items: [{ id: lines.M!, quantity: 1 }] })
    expect(second.status).toBe("requested")
    const order = await medusaOrder(medusaOrderId)
    expect(Object.fromEntries(order.returns.map(({ id, status }) => [id, status]))).toEqual({ [first.returnId]: "canceled", [second.returnId]: "requested" })
    expect(order.items[0]!.detail.return_requested_quantity).toBe(1)
  })

  it("finishes a return that a lost call left half-made, and cancels one whose request was never confirmed", async () => {
    const product = await catalogue.publish(5)
    const { medusaOrderId, lines } = await deliveredOrder(product, ["M", "L"], "medhalf")
    // A call that stopped right after beginning the return: Medusa holds it open, with the order's one active change.
    const bffReturnId = randomUUID()
    const begun = await medusaApi<{ return: { id: string } }>("POST", "/admin/returns", {
      token: adminToken,
      body: { order_id: medusaOrderId, metadata: { bff_return_id: bffReturnId } },
    })

    const finished = await requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId, items: [{ id: lines.M!, quantity: 1 }] })
    expect(finished).toEqual({ returnId: begun.return.id, status: "requested", skipped: false })

    const abandoned = await medusaApi<{ return: { id: string } }>("POST", "/admin/returns", { token: adminToken, body: { order_id: medusaOrderId } })
    expect(await cancelMedusaReturn(app.commerce, medusaOrderId, abandoned.return.id)).toMatchObject({ status: "canceled", skipped: false })
    const next = await requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId: randomUUID(), items: [{ id: lines.L!, quantity: 1 }] })
    expect(next.status).toBe("requested")
    const order = await medusaOrder(medusaOrderId)
    expect(Object.fromEntries(order.returns.map(({ id, status }) => [id, status]))).toEqual({
      [begun.return.id]: "requested",
      [abandoned.return.id]: "canceled",
      [next.returnId]: "requested",
    })
  })

  it("refuses an unknown order (404) and a line of another order (400), making nothing", async () => {
    const product = await catalogue.publish(5)
    const { medusaOrderId } = await deliveredOrder(product, ["M"], "medforeign")
    const other = await deliveredOrder(product, ["L"], "medother")

    await expect(
      requestMedusaReturn(app.commerce, "order_01NOSUCHORDER0000000000000", { bffReturnId: randomUUID(), items: [{ id: other.lines.L!, quantity: 1 }] }),
    ).rejects.toMatchObject({ status: 404 })
    await expect(
      requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId: randomUUID(), items: [{ id: other.lines.L!, quantity: 1 }] }),
    ).rejects.toMatchObject({
      status: 400,
    })
    expect((await medusaOrder(medusaOrderId)).returns).toEqual([])
  })

  it("makes one return per BFF return when calls on one order race, retried or not", async () => {
    const product = await catalogue.publish(5)
    const { medusaOrderId, lines } = await deliveredOrder(product, ["M", "L"], "medrace")
    const same = randomUUID()
    const asks = [
      { bffReturnId: same, items: [{ id: lines.M!, quantity: 1 }] },
      { bffReturnId: same, items: [{ id: lines.M!, quantity: 1 }] },
      { bffReturnId: randomUUID(), items: [{ id: lines.L!, quantity: 1 }] },
    ]
    const settled = await Promise.allSettled(asks.map((ask) => requestMedusaReturn(app.commerce, medusaOrderId, ask)))
    for (const outcome of settled) {
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ status: 409 })
    }
    const made = settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value.returnId] : []))
    if (settled[0]!.status === "fulfilled" && settled[1]!.status === "fulfilled") expect(made[0]).toBe(made[1])

    const returns = (await medusaOrder(medusaOrderId)).returns
    const forSame = returns.filter((row) => row.metadata?.bff_return_id === same)
    expect(forSame.length).toBeLessThanOrEqual(1)
    expect(returns.every((row) => row.status === "requested")).toBe(true)
    expect(new Set(returns.map((row) => row.id))).toEqual(new Set(made))
  })
})

describe("a size exchange in Medusa", SLOW, () => {
  it("reserves the new size at no charge, once per BFF return, and ships it once", async () => {
    const product = await catalogue.publish(5)
    const { medusaOrderId, lines } = await deliveredOrder(product, ["M"], "medexchange")
    const before = await medusaOrder(medusaOrderId)
    const large = variantOf(product, "L")
    const stockBefore = await stockOf(large.id)
    const ask = {
      bffReturnId: randomUUID(),
      returnItems: [{ id: lines.M!, quantity: 1 }],
      newItems: [{ variantId: large.id, quantity: 1, unitPricePaise: product.basePrice }],
    }

    const exchange = await requestMedusaExchange(app.commerce, medusaOrderId, ask)
    expect(exchange).toEqual({ exchangeId: expect.stringMatching(/^oexc_/), returnId: expect.stringMatching(/^return_/), status: "requested" })
    expect(await requestMedusaExchange(app.commerce, medusaOrderId, ask)).toEqual(exchange)
    expect(await stockOf(large.id)).toEqual({ stocked: stockBefore.stocked, reserved: stockBefore.reserved + 1 })
    // Medusa counts the new line in the order's total and the line coming back against it: nothing to pay or refund.
    const exchanged = await medusaOrder(medusaOrderId)
    expect(exchanged.summary).toMatchObject({ pending_difference: 0, paid_total: before.summary.paid_total, refunded_total: 0 })
    expect(exchanged.payment_collections.map(({ id }) => id)).toEqual(before.payment_collections.map(({ id }) => id))
    expect(exchanged.returns.map(({ id, status }) => ({ id, status }))).toEqual([{ id: exchange.returnId, status: "requested" }])

    const label = { trackingNumber: "EXCH-AWB-1", trackingUrl: "https://tracking.example.test/EXCH-AWB-1" }
    const shipped = await shipMedusaExchange(app.commerce, medusaOrderId, exchange.exchangeId, label)
    expect(shipped).toEqual({ exchangeId: exchange.exchangeId, fulfillmentId: expect.stringMatching(/^ful_/), skipped: false })
    expect(await shipMedusaExchange(app.commerce, medusaOrderId, exchange.exchangeId, label)).toEqual({ ...shipped, skipped: true })
    expect(await stockOf(large.id)).toEqual({ stocked: stockBefore.stocked - 1, reserved: stockBefore.reserved })
    const fulfillments = (await medusaOrder(medusaOrderId)).fulfillments
    expect(fulfillments).toHaveLength(2)
    expect(fulfillments.find((f) => f.id === shipped.fulfillmentId)).toMatchObject({
      shipped_at: expect.any(String),
      metadata: { exchange_id: exchange.exchangeId },
    })

    // The old size comes back through the exchange's return, as any return does.
    const medium = variantOf(product, "M")
    const mediumBefore = await stockOf(medium.id)
    expect(await receiveMedusaReturn(app.commerce, medusaOrderId, exchange.returnId!)).toMatchObject({ status: "received" })
    expect((await stockOf(medium.id)).stocked).toBe(mediumBefore.stocked + 1)
  })

  it("refuses a new size with no units left, naming it, and leaves the order free", async () => {
    const product = await catalogue.publish(1)
    const { medusaOrderId, lines } = await deliveredOrder(product, ["M", "L"], "medshort")
    const large = variantOf(product, "L")

    const short = requestMedusaExchange(app.commerce, medusaOrderId, {
      bffReturnId: randomUUID(),
      returnItems: [{ id: lines.M!, quantity: 1 }],
      newItems: [{ variantId: large.id, quantity: 1, unitPricePaise: product.basePrice }],
    })
    await expect(short).rejects.toBeInstanceOf(MedusaStockShort)
    await expect(short).rejects.toMatchObject({ variantIds: [large.id] })
    expect((await medusaOrder(medusaOrderId)).returns).toEqual([])

    const returned = await requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId: randomUUID(), items: [{ id: lines.M!, quantity: 1 }] })
    expect(returned.status).toBe("requested")
  })

  it("answers another change of the order under way as a retryable 409", async () => {
    const product = await catalogue.publish(5)
    const { medusaOrderId, lines } = await deliveredOrder(product, ["M"], "medbusy")
    // Ops began an order edit in Medusa's dashboard and left it open.
    await medusaApi("POST", "/admin/order-edits", { token: adminToken, body: { order_id: medusaOrderId } })

    const busy = requestMedusaReturn(app.commerce, medusaOrderId, { bffReturnId: randomUUID(), items: [{ id: lines.M!, quantity: 1 }] })
    await expect(busy).rejects.toBeInstanceOf(CommerceInternalError)
    await expect(busy).rejects.toMatchObject({ status: 409 })
    expect((await medusaOrder(medusaOrderId)).returns).toEqual([])
  })
})
