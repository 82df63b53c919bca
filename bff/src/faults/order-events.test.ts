import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Product } from "@fitshop/contracts"
import { signedUpUser } from "../../test/accounts.js"
import {
  bearer,
  deliverThroughShiprocket,
  eventually,
  giveCoins,
  ordersOf,
  payload,
  payOrder,
  startCheckoutApp,
  type CheckoutApp,
  type Shopper,
} from "../../test/checkout.js"
import { insertedPost } from "../../test/fitfeed.js"
import { receiveMedusaNotices } from "../../test/medusa-notices.js"
import { cancelInMedusa, cancelMedusaOrder, returnMedusaOrder } from "../../test/orders.js"
import { medusaIdOf } from "../features/orders/index.js"
import { ownCatalogue } from "../../test/staff.js"
import { latestPaidPurchaseOf } from "../features/orders/index.js"
import { referralCoins } from "../features/referrals/earnings.js"
import { runSchedule } from "../../test/schedules.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
/** This file's own products (sizes M and L), so no other file's sales take the units its orders need: one paid online, one on delivery. */
let products: Record<"prepaid" | "cod", Product>

beforeAll(async () => {
  app = await startCheckoutApp()
  catalogue = await ownCatalogue(app.app, "Order events tee")
  products = { prepaid: await catalogue.publish(40), cod: await catalogue.publish(40) }
})
// A test that failed while its BFF was stopped leaves it closed.
afterAll(async () => {
  await catalogue.remove(app.app)
  await app.close().catch(() => undefined)
})

const api = () => request(app.app)

type Purchase = { buyer: Shopper; orderId: string; product: Product; razorpayPaymentId?: string }

/** A shopper with 300 Dark Coins buys one piece through another shopper's post, spending the coins. */
async function purchase(mode: "prepaid" | "cod", author: Shopper): Promise<Purchase> {
  const product = products[mode]
  const variant = product.variants.find((v) => v.size === "M")!
  const postId = await insertedPost(app.db, author.user.id, { productId: product.id })
  const buyer = await signedUpUser(app.app, "buyer")
  await giveCoins(app, buyer, 300)
  const line = { productId: product.id, size: variant.size, quantity: 1, refPostId: postId }
  expect((await api().post("/api/cart").set(bearer(buyer)).send(line)).status).toBe(201)
  if (mode === "cod") {
    const placed = await api()
      .post("/api/checkout")
      .set(bearer(buyer))
      .send(payload("cod", { coins: true }))
    expect(placed.status).toBe(201)
    await app.placeInMedusa()
    return { buyer, orderId: placed.body.orderId as string, product }
  }
  const created = await api()
    .post("/api/payments/create-order")
    .set(bearer(buyer))
    .send(payload("prepaid", { coins: true }))
  expect(created.status).toBe(201)
  const paid = await payOrder(app, created.body.orderId)
  const placed = await api().post("/api/payments/verify").set(bearer(buyer)).send(paid)
  expect(placed.status).toBe(200)
  await app.placeInMedusa()
  return { buyer, orderId: placed.body.orderId as string, product, razorpayPaymentId: paid.razorpay_payment_id }
}

const balanceOf = async (shopper: Shopper) => (await api().get("/api/wallet/mine").set(bearer(shopper))).body.darkCoins as number

/** The author's referral earnings for an order, by state (pending, available, dropped). */
async function earningsOf(author: Shopper, orderId: string) {
  const { rows } = await app.db.query<{ coins: number; dropped: boolean }>(
    "select coins, dropped_at is not null as dropped from bff.dark_coin_entries where user_id = $1 and order_id = $2 and kind = 'earn'",
    [author.user.id, orderId],
  )
  return rows
}

/** Refunds the Razorpay emulator made of a payment: what Razorpay's books would show. */
async function refundsOf(paymentId: string) {
  const { rows } = await app.db.query<{ amount: number }>("select amount from emulator.razorpay_refunds where payment_id = $1", [paymentId])
  return rows.map((row) => Number(row.amount))
}

const statusOf = async (purchase: Purchase) => (await ordersOf(app, purchase.buyer)).find((order) => order.id === purchase.orderId)?.status

/** The BFF's first round of the order sync after it starts (the schedule runs it every 30 s), and the jobs that follow. */
async function firstSyncRound() {
  await runSchedule(app.app, "order sync")
  await app.runJobs()
}

describe("orders ended in Medusa while the BFF was down", () => {
  it("are followed when it starts again: the online payment refunded once, the coins back once, referral earnings dropped, CANCELLED", async () => {
    const author = await signedUpUser(app.app, "author")
    const online = await purchase("prepaid", author)
    const cod = await purchase("cod", author)
    const onlinePrice = online.product.basePrice
    expect(await earningsOf(author, online.orderId)).toEqual([{ coins: referralCoins(onlinePrice, 5), dropped: false }])
    expect([await balanceOf(online.buyer), await balanceOf(cod.buyer)]).toEqual([0, 0])
    const paidOnline = (await ordersOf(app, online.buyer))[0]!.total as number
    expect(paidOnline).toBeLessThan(onlinePrice)

    // The BFF stops; ops cancel both orders in Medusa's admin API. Medusa's notices reach nobody.
    const inMedusa = [await medusaIdOf(app.db, online.orderId), await medusaIdOf(app.db, cod.orderId)]
    await app.close()
    for (const medusaOrderId of inMedusa) await cancelMedusaOrder(medusaOrderId)
    app = await startCheckoutApp()
    await firstSyncRound()

    await eventually(app, async () => ((await refundsOf(online.razorpayPaymentId!)).length > 0 ? true : undefined))
    expect(await refundsOf(online.razorpayPaymentId!)).toEqual([paidOnline])
    expect([await balanceOf(online.buyer), await balanceOf(cod.buyer)]).toEqual([300, 300])
    expect(await earningsOf(author, online.orderId)).toEqual([{ coins: referralCoins(onlinePrice, 5), dropped: true }])
    expect([await statusOf(online), await statusOf(cod)]).toEqual(["CANCELLED", "CANCELLED"])

    // Another round, and late notices of the same changes, change nothing.
    await firstSyncRound()
    for (const medusaOrderId of inMedusa) {
      const late = await request(app.app.internal)
        .post(`/api/internal/orders/${medusaOrderId}/changed`)
        .set("x-internal-secret", app.config.INTERNAL_API_SECRET)
      expect(late.status).toBe(204)
    }
    await app.runJobs()
    expect(await refundsOf(online.razorpayPaymentId!)).toEqual([paidOnline])
    expect([await balanceOf(online.buyer), await balanceOf(cod.buyer)]).toEqual([300, 300])
  })

  it("follow a delivered cash-on-delivery order returned whole: RETURNED, the coins back once, referral earnings dropped", async () => {
    const author = await signedUpUser(app.app, "author")
    const cod = await purchase("cod", author)
    await deliverThroughShiprocket(app, cod.buyer, cod.orderId)
    expect(await statusOf(cod)).toBe("DELIVERED")
    expect(await earningsOf(author, cod.orderId)).toEqual([{ coins: referralCoins(cod.product.basePrice, 5), dropped: false }])
    // Delivered: the invitation to review waits five days; the buyer reviews it before that.
    const { rows: invitation } = await app.db.query<{ due: boolean }>(
      "select run_at > now() + interval '4 days 23 hours' as due from bff.jobs where kind = 'review.invite' and key = $1",
      [cod.orderId],
    )
    expect(invitation).toEqual([{ due: true }])
    const reviewed = await api().post(`/api/products/${cod.product.id}/reviews`).set(bearer(cod.buyer)).send({ rating: 5, fit: "TRUE" })
    expect(reviewed.status).toBe(201)

    const medusaOrderId = await medusaIdOf(app.db, cod.orderId)
    await app.close()
    await returnMedusaOrder(medusaOrderId)
    app = await startCheckoutApp()
    await firstSyncRound()

    expect(await statusOf(cod)).toBe("RETURNED")
    expect(await balanceOf(cod.buyer)).toBe(300)
    expect(await earningsOf(author, cod.orderId)).toEqual([{ coins: referralCoins(cod.product.basePrice, 5), dropped: true }])
    await firstSyncRound()
    expect(await balanceOf(cod.buyer)).toBe(300)
    // A returned piece is no purchase: its buyer can no longer post it, and their review of it is withdrawn.
    expect(await latestPaidPurchaseOf(app.db, cod.buyer.user.id, cod.product.id)).toBeUndefined()
    expect((await api().get(`/api/products/${cod.product.id}/reviews`)).body.reviews).toEqual([])
    expect((await api().post(`/api/products/${cod.product.id}/reviews`).set(bearer(cod.buyer)).send({ rating: 5, fit: "TRUE" })).status).toBe(403)
  })
})

describe("Medusa's notice of a change", () => {
  it("is followed at once, without waiting for the schedule: commerce's subscriber → a job → the order's state", async () => {
    const author = await signedUpUser(app.app, "author")
    const cod = await purchase("cod", author)
    const notices = await receiveMedusaNotices(app.app.internal, /^\/api\/internal\/orders\//)
    try {
      await cancelInMedusa(app.db, cod.orderId)
      await eventually(app, async () => ((await statusOf(cod)) === "CANCELLED" ? true : undefined))
    } finally {
      await notices.close()
    }
    expect(await balanceOf(cod.buyer)).toBe(300)
  })

  it("is refused without the internal secret and not served on the public port; an unknown order is acknowledged and queues nothing", async () => {
    const author = await signedUpUser(app.app, "author")
    const cod = await purchase("cod", author)
    const path = `/api/internal/orders/${cod.orderId}/changed`
    expect((await request(app.app.internal).post(path).set("x-internal-secret", "guessed")).status).toBe(403)
    expect((await request(app.app).post(path).set("x-internal-secret", app.config.INTERNAL_API_SECRET)).status).toBe(404)
    const unknown = "order_01UNKNOWNUNKNOWNUNKNOWN00"
    expect(
      (await request(app.app.internal).post(`/api/internal/orders/${unknown}/changed`).set("x-internal-secret", app.config.INTERNAL_API_SECRET)).status,
    ).toBe(204)
    const { rows } = await app.db.query("select count(*)::int as n from bff.jobs where key = $1", [unknown])
    expect(rows[0].n).toBe(0)
    expect(await statusOf(cod)).toBe("PLACED")
  })
})
