import type { Order, Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readOutbox } from "../../lib/mailer.js"
import { signedUpUser } from "../../../test/accounts.js"
import {
  bearer,
  checkOut,
  deliverThroughShiprocket,
  eventually,
  followMedusa,
  giveCoins,
  ordersOf,
  startCheckoutApp,
  type CheckoutApp,
  type Shopper,
} from "../../../test/checkout.js"
import { dataUrlOf, photo } from "../../../test/fitfeed.js"
import { opsToken } from "../../../test/orders.js"
import { medusaApi, ownCatalogue } from "../../../test/staff.js"
import { medusaIdOf } from "../orders/index.js"
import { receiveMedusaReturn } from "./medusa-returns.js"
import { runSchedule } from "../../../test/schedules.js"

/**
 * Where returns meet coins, posts and the courier (issue 41): earnings held while a return is open, posts only for
 * units kept, pickups the courier gives up, and money that moves once whether Medusa or the courier tells first.
 */
let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
let products: Product[]

beforeAll(async () => {
  app = await startCheckoutApp({ RETURN_WINDOW_DAYS: "7", RETURN_PICKUP_STUCK_DAYS: "3" })
  catalogue = await ownCatalogue(app.app, "Trust tee")
  products = [await catalogue.publish(20), await catalogue.publish(20)]
})
afterAll(async () => {
  await catalogue.remove(app.app)
  await app.close()
})

async function orderOf(shopper: Shopper, orderId: string): Promise<Order> {
  return (await ordersOf(app, shopper)).find((order) => order.id === orderId) as unknown as Order
}

/** A shopper's delivered order of one M of each product given (each through `refPostId` when set). */
async function deliveredOrder(
  label: string,
  mode: "prepaid" | "cod",
  { coins = 0, of = products, refPostId }: { coins?: number; of?: Product[]; refPostId?: string } = {},
) {
  const shopper = await signedUpUser(app.app, label)
  if (coins) await giveCoins(app, shopper, coins)
  for (const product of of) {
    const line = { productId: product.id, size: "M", ...(refPostId ? { quantity: 1, refPostId } : {}) }
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send(line)).status).toBe(201)
  }
  const orderId = await checkOut(app, shopper, mode, { coins: coins > 0 })
  await deliverThroughShiprocket(app, shopper, orderId)
  return { shopper, orderId, order: await orderOf(shopper, orderId) }
}

const ask = (shopper: Shopper, orderId: string, body: object) => request(app.app).post(`/api/orders/${orderId}/returns`).set(bearer(shopper)).send(body)

/** The courier's scan of a return's parcel, as the emulator's test hook sends it. */
async function scan(awb: string, status: string) {
  const moved = await fetch(`${app.origin}/emulator/shiprocket/test/shipments/${awb}/status`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status }),
  })
  expect(moved.status, await moved.text()).toBe(200)
}

async function returnRow(returnId: string) {
  const { rows } = await app.db.query<{ status: string; awb: string | null; medusa_return_id: string | null; medusa_exchange_id: string | null }>(
    "select status, awb, medusa_return_id, medusa_exchange_id from bff.returns where id = $1",
    [returnId],
  )
  return rows[0]!
}

async function bookedReturn(returnId: string) {
  return eventually(app, async () => {
    const row = await returnRow(returnId)
    return row.status === "pickup_scheduled" && row.awb && row.medusa_return_id ? { ...row, awb: row.awb, medusaReturnId: row.medusa_return_id } : undefined
  })
}

const statusBecomes = (returnId: string, status: string) => eventually(app, async () => ((await returnRow(returnId)).status === status ? true : undefined))

const balanceOf = async (shopper: Shopper) =>
  (await request(app.app).get("/api/wallet/ledger").set(bearer(shopper))).body as { balance: number; pendingCoins: number }

/** A post by `author` about `product`, written as the feed keeps it (posting itself is tested in FITFEED's suite). */
async function postOf(author: Shopper, product: Product, orderId: string): Promise<string> {
  const { rows } = await app.db.query<{ id: string }>(
    `insert into bff.fitfeed_posts (user_id, product_id, order_id, size_bought, image_url, thumb_url)
     values ($1, $2, $3, 'M', '/media/uploads/test.webp', '/media/uploads/test-480.webp') returning id::text`,
    [author.user.id, product.id, orderId],
  )
  return rows[0]!.id
}

/** Time passes: the order's referral earnings reach their maturity (delivery plus the return window). */
async function returnWindowPasses(orderId: string) {
  await app.db.query("update bff.dark_coin_entries set matures_at = now() - interval '1 second' where order_id = $1 and kind = 'earn'", [orderId])
}

/** A return of the shop's order as Medusa's admin API shows it. */
async function medusaReturn(orderId: string, returnId: string) {
  const token = await opsToken()
  const path = `/admin/returns?order_id=${await medusaIdOf(app.db, orderId)}&fields=id,status`
  const { returns } = await medusaApi<{ returns: { id: string; status: string }[] }>("GET", path, { token })
  return returns.find((found) => found.id === returnId)
}

describe("referral earnings while a return is open", () => {
  it("holds an earning from the ask, so a return asked on the last day and received after maturity mints nothing", async () => {
    const product = products[0]!
    const { shopper: author, orderId: authorOrder } = await deliveredOrder("hold-author", "cod", { of: [product] })
    const postId = await postOf(author, product, authorOrder)
    const { shopper: fan, orderId: fanOrder, order } = await deliveredOrder("hold-fan", "cod", { of: [product], refPostId: postId })
    const pending = await balanceOf(author)
    expect(pending.balance).toBe(0)
    expect(pending.pendingCoins).toBeGreaterThan(0)

    // Asked on the window's last day; the warehouse's scan comes days after the earning's maturity.
    const asked = await ask(fan, fanOrder, { lines: [{ lineId: order.items[0]!.id, quantity: 1, reason: "Changed my mind" }] })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    const { awb } = await bookedReturn(asked.body.id)
    await returnWindowPasses(fanOrder)
    expect(await balanceOf(author)).toEqual(expect.objectContaining({ balance: 0, pendingCoins: pending.pendingCoins }))

    await scan(awb, "RETURN DELIVERED")
    await statusBecomes(asked.body.id, "refunded")
    expect(await balanceOf(author)).toEqual(expect.objectContaining({ balance: 0, pendingCoins: 0 }))
    const { rows } = await app.db.query<{ kind: string; dropped: boolean }>(
      "select kind, dropped_at is not null as dropped from bff.dark_coin_entries where order_id = $1 and user_id = $2 order by id",
      [fanOrder, author.user.id],
    )
    // Dropped, never taken back: nothing was ever spendable.
    expect(rows).toEqual([{ kind: "earn", dropped: true }])
  })

  it("lets the earning go on when the courier cancels the pickup, and an exchange holds nothing", async () => {
    const product = products[1]!
    const { shopper: author, orderId: authorOrder } = await deliveredOrder("release-author", "cod", { of: [product] })
    const postId = await postOf(author, product, authorOrder)
    const { shopper: fan, orderId: fanOrder, order } = await deliveredOrder("release-fan", "cod", { of: [product], refPostId: postId })
    const asked = await ask(fan, fanOrder, { lines: [{ lineId: order.items[0]!.id, quantity: 1, reason: "Changed my mind" }] })
    const { awb } = await bookedReturn(asked.body.id)
    await returnWindowPasses(fanOrder)
    expect((await balanceOf(author)).balance).toBe(0)

    await scan(awb, "RETURN CANCELLED")
    await statusBecomes(asked.body.id, "cancelled")
    const after = await balanceOf(author)
    expect(after.balance).toBeGreaterThan(0)
    expect(after.pendingCoins).toBe(0)
  })
})

describe("posting about a purchase sent back", () => {
  const post = async (shopper: Shopper, productId: string) =>
    request(app.app)
      .post("/api/fitfeed/posts")
      .set(bearer(shopper))
      .send({ kind: "REGULAR", productId, text: null, imageUrl: dataUrlOf(await photo()) })

  it("refuses a product asked back, however much else of the order was kept", async () => {
    const { shopper, orderId, order } = await deliveredOrder("post-returned", "cod")
    const sentBack = order.items[0]!
    const asked = await ask(shopper, orderId, { lines: [{ lineId: sentBack.id, quantity: 1, reason: "Changed my mind" }] })
    expect(asked.status).toBe(201)
    // Asked back but not yet collected counts as sent back too.
    expect((await post(shopper, sentBack.productId)).status).toBe(403)
    await scan((await bookedReturn(asked.body.id)).awb, "RETURN DELIVERED")
    await statusBecomes(asked.body.id, "refunded")
    const refused = await post(shopper, sentBack.productId)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toEqual(expect.any(String))

    const kept = await post(shopper, order.items[1]!.productId)
    expect(kept.status, JSON.stringify(kept.body)).toBe(201)
    expect(kept.body.post ?? kept.body).toMatchObject({ verifiedBuyer: true })
  })

  it("posts about a unit kept of two without 'verified buyer', however often it is deleted and posted again", async () => {
    const shopper = await signedUpUser(app.app, "post-half-kept")
    const product = products[0]!
    for (let i = 0; i < 2; i++)
      expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: "M" })).status).toBe(201)
    const orderId = await checkOut(app, shopper, "cod")
    await deliverThroughShiprocket(app, shopper, orderId)
    const line = (await orderOf(shopper, orderId)).items[0]!
    expect(line.quantity).toBe(2)
    const asked = await ask(shopper, orderId, { lines: [{ lineId: line.id, quantity: 1, reason: "Size too big" }] })
    await scan((await bookedReturn(asked.body.id)).awb, "RETURN DELIVERED")
    await statusBecomes(asked.body.id, "refunded")

    for (let round = 0; round < 2; round++) {
      const made = await post(shopper, product.id)
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      const postId = String((made.body.post ?? made.body).id)
      expect((await request(app.app).get(`/api/fitfeed/posts/${postId}`)).body.post).toMatchObject({ verifiedBuyer: false })
      expect((await request(app.app).delete(`/api/fitfeed/posts/${postId}`).set(bearer(shopper))).status).toBeLessThan(300)
    }
  })
})

describe("a pickup the courier gives up", () => {
  it("cancels the return here and in Medusa, tells the shopper, and lets them ask again", async () => {
    const { shopper, orderId, order } = await deliveredOrder("pickup-cancelled", "cod")
    const lines = [{ lineId: order.items[0]!.id, quantity: 1, reason: "Size too big" }]
    const asked = await ask(shopper, orderId, { lines })
    const { awb, medusaReturnId } = await bookedReturn(asked.body.id)

    await scan(awb, "RETURN CANCELLED")
    await statusBecomes(asked.body.id, "cancelled")
    await eventually(app, async () => ((await medusaReturn(orderId, medusaReturnId))?.status === "canceled" ? true : undefined))
    // A repeated scan changes nothing more.
    await scan(awb, "RETURN CANCELLED")
    await app.runJobs()
    while ((await app.app.background.messages.runDue()) > 0);
    const mails = (await readOutbox(app.db, shopper.email)).filter((mail) => mail.subject.startsWith("Pickup cancelled"))
    expect(mails.map((mail) => mail.subject)).toEqual([`Pickup cancelled: your return for order #${order.displayId} is closed`])
    expect((await orderOf(shopper, orderId)).items[0]).toMatchObject({ returnable: true, returnableQuantity: 1 })

    const again = await ask(shopper, orderId, { lines })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    await bookedReturn(again.body.id)
  })

  it("cancels an exchange: its new size is no longer held here, nor reserved in Medusa", async () => {
    const { shopper, orderId, order } = await deliveredOrder("exchange-cancelled", "prepaid")
    const asked = await ask(shopper, orderId, { lines: [{ lineId: order.items[0]!.id, quantity: 1, reason: "Size too small", exchangeSize: "L" }] })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    const { awb } = await bookedReturn(asked.body.id)
    const exchangeId = (await returnRow(asked.body.id)).medusa_exchange_id!
    expect(exchangeId).toBeTruthy()

    await scan(awb, "RETURN CANCELLED")
    await statusBecomes(asked.body.id, "cancelled")
    const { rows: held } = await app.db.query("select 1 from bff.stock_holds where checkout_id = $1 and released_at is null", [asked.body.id])
    expect(held).toEqual([])
    const token = await opsToken()
    await eventually(app, async () => {
      const { exchange } = await medusaApi<{ exchange: { canceled_at: string | null } }>("GET", `/admin/exchanges/${exchangeId}?fields=id,canceled_at`, {
        token,
      })
      return exchange.canceled_at ? true : undefined
    })
  })

  it("is flagged to staff once after the set number of days, and only while it still waits", async () => {
    const { shopper, orderId, order } = await deliveredOrder("pickup-stuck", "cod")
    const asked = await ask(shopper, orderId, { lines: [{ lineId: order.items[0]!.id, quantity: 1, reason: "Size too big" }] })
    await bookedReturn(asked.body.id)
    const stuckOf = async () =>
      (await app.db.query<{ stuck_at: Date | null }>("select stuck_at from bff.returns where id = $1", [asked.body.id])).rows[0]!.stuck_at
    await runSchedule(app.app, "stuck pickups")
    expect(await stuckOf()).toBeNull()

    await app.db.query("update bff.returns set requested_at = now() - interval '4 days' where id = $1", [asked.body.id])
    expect(await runSchedule(app.app, "stuck pickups")).toBeGreaterThanOrEqual(1)
    const flagged = await stuckOf()
    expect(flagged).toBeInstanceOf(Date)
    await runSchedule(app.app, "stuck pickups")
    expect(await stuckOf()).toEqual(flagged)
  })
})

describe("money moved once, whoever says the parcel arrived first", () => {
  it("settles a return ops received in Medusa before the courier's scan, and the scan then moves nothing", async () => {
    const { shopper, orderId, order } = await deliveredOrder("medusa-first", "cod", { coins: 1_000, of: [products[0]!] })
    expect(order.darkCoinsDiscount).toBe(10_000)
    const asked = await ask(shopper, orderId, { lines: [{ lineId: order.items[0]!.id, quantity: 1, reason: "Changed my mind" }] })
    const { awb, medusaReturnId } = await bookedReturn(asked.body.id)
    expect((await balanceOf(shopper)).balance).toBe(0)

    // Ops receive the parcel in Medusa's dashboard: every unit of the order is back, and the BFF hears of it.
    await receiveMedusaReturn(app.commerce, await medusaIdOf(app.db, orderId), medusaReturnId)
    await followMedusa(app, orderId)
    await statusBecomes(asked.body.id, "refunded")
    expect((await orderOf(shopper, orderId)).status).toBe("RETURNED")
    // The courier's scan comes after: nothing more.
    await scan(awb, "RETURN DELIVERED")
    await app.runJobs()

    const valueCoins = (order.items[0]!.unitPrice - order.darkCoinsDiscount) / 10
    expect((await balanceOf(shopper)).balance).toBe(1_000 + valueCoins)
  })
})

describe("the refund message", () => {
  it("states what the refund moved after an earlier return, not the order's total", async () => {
    const { shopper, orderId, order } = await deliveredOrder("refund-message", "prepaid")
    const [first, second] = order.items
    const firstReturn = await ask(shopper, orderId, { lines: [{ lineId: first!.id, quantity: 1, reason: "Changed my mind" }] })
    await scan((await bookedReturn(firstReturn.body.id)).awb, "RETURN DELIVERED")
    await statusBecomes(firstReturn.body.id, "refunded")

    // The rest comes back through Medusa's dashboard: the order ends as returned and its refund gives the remainder.
    const secondReturn = await ask(shopper, orderId, { lines: [{ lineId: second!.id, quantity: 1, reason: "Changed my mind" }] })
    const { medusaReturnId } = await bookedReturn(secondReturn.body.id)
    await eventually(app, async () =>
      (await medusaReturn(orderId, (await returnRow(firstReturn.body.id)).medusa_return_id!))?.status === "received" ? true : undefined,
    )
    await receiveMedusaReturn(app.commerce, await medusaIdOf(app.db, orderId), medusaReturnId)
    await followMedusa(app, orderId)
    await app.runJobs()
    while ((await app.app.background.messages.runDue()) > 0);

    const { rows: refunds } = await app.db.query<{ amount: number }>(
      "select r.amount from emulator.razorpay_refunds r join bff.checkouts c on c.razorpay_payment_id = r.payment_id join bff.orders o on o.checkout_id = c.id where o.id = $1",
      [orderId],
    )
    expect(refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(order.total)
    const mails = await readOutbox(app.db, shopper.email)
    const formatted = (paise: number) => `₹${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2 }).format(paise / 100)}`
    for (const mail of mails.filter((candidate) => candidate.subject.toLowerCase().includes("refund"))) {
      expect(mail.text).not.toContain(`We've refunded ${formatted(order.total)}`)
    }
    const stated = mails.flatMap((mail) => [...mail.text.matchAll(/We've refunded (₹[\d,]+\.\d{2})/g)].map((match) => match[1]))
    expect(stated.sort()).toEqual(refunds.map((refund) => formatted(refund.amount)).sort())
  })
})
