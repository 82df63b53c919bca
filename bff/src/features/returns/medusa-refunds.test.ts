import { randomUUID } from "node:crypto"
import { formatPaise, PAISE_PER_COIN, returnRefund, type Order, type Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
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
import { receiveMedusaNotices } from "../../../test/medusa-notices.js"
import { opsToken } from "../../../test/orders.js"
import { medusaApi, ownCatalogue } from "../../../test/staff.js"
import { enqueueJob } from "../../lib/jobs.js"
import { readOutbox } from "../../lib/mailer.js"
import { medusaIdOf } from "../orders/index.js"
import { RETURN_REFUND_RECORD_JOB } from "./medusa-refunds.js"
import { receiveMedusaReturn, requestMedusaReturn } from "./medusa-returns.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
let products: Product[]

beforeAll(async () => {
  app = await startCheckoutApp({ RETURN_WINDOW_DAYS: "7" })
  catalogue = await ownCatalogue(app.app, "Refund record tee")
  products = [await catalogue.publish(20), await catalogue.publish(20)]
})
afterAll(async () => {
  await catalogue.remove(app.app)
  await app.close()
})

type MedusaPayment = { id: string; refunds: MedusaRefund[] }
type MedusaRefund = { id: string; amount: number; note: string | null; created_by: string | null; metadata: Record<string, unknown> | null }
type MedusaMoney = {
  summary: { pending_difference: number; paid_total: number; refunded_total: number }
  credit_lines: { amount: number; reference: string | null; reference_id: string | null }[]
  payment_collections: { payments: MedusaPayment[] }[]
}

/** The shop's order's money as Medusa's admin API (so its dashboard) shows it: what is still owed, the refunds and credit lines. */
async function medusaMoney(orderId: string): Promise<MedusaMoney & { paymentId: string; refunds: MedusaRefund[]; coinCredits: MedusaMoney["credit_lines"] }> {
  const fields = ["id", "total", "summary", "*credit_lines", "payment_collections.payments.id", "*payment_collections.payments.refunds"].join(",")
  const { order } = await medusaApi<{ order: MedusaMoney }>("GET", `/admin/orders/${await medusaIdOf(app.db, orderId)}?fields=${encodeURIComponent(fields)}`, {
    token: await opsToken(),
  })
  return {
    ...order,
    paymentId: order.payment_collections[0]!.payments[0]!.id,
    refunds: order.payment_collections.flatMap((collection) => collection.payments.flatMap((payment) => payment.refunds ?? [])),
    coinCredits: order.credit_lines.filter((line) => line.reference === "dark_coins_refund"),
  }
}

async function orderOf(shopper: Shopper, orderId: string): Promise<Order> {
  return (await ordersOf(app, shopper)).find((order) => order.id === orderId) as unknown as Order
}

async function deliveredOrder(label: string, mode: "prepaid" | "cod", coins = 0) {
  const shopper = await signedUpUser(app.app, label)
  if (coins) await giveCoins(app, shopper, coins)
  for (const product of products) {
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: "M" })).status).toBe(201)
  }
  const orderId = await checkOut(app, shopper, mode, { coins: coins > 0 })
  await deliverThroughShiprocket(app, shopper, orderId)
  return { shopper, orderId, order: await orderOf(shopper, orderId) }
}

/** The shopper asks one line back, the courier picks it up and delivers it to the warehouse; answers the return's id once refunded. */
async function returnedLine(shopper: Shopper, orderId: string, lineId: string): Promise<string> {
  const asked = await request(app.app)
    .post(`/api/orders/${orderId}/returns`)
    .set(bearer(shopper))
    .send({ lines: [{ lineId, quantity: 1, reason: "Size too big" }] })
  expect(asked.status, JSON.stringify(asked.body)).toBe(201)
  const returnId = asked.body.id as string
  const returnOf = async () => (await orderOf(shopper, orderId)).returns.find((candidate) => candidate.id === returnId)!
  await eventually(app, async () => ((await returnOf()).status === "pickup_scheduled" ? true : undefined))
  const { rows } = await app.db.query<{ awb: string }>("select awb from bff.returns where id = $1", [returnId])
  for (const status of ["RETURN PICKED UP", "RETURN DELIVERED"]) {
    const moved = await fetch(`${app.origin}/emulator/shiprocket/test/shipments/${rows[0]!.awb}/status`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status }),
    })
    expect(moved.status, await moved.text()).toBe(200)
  }
  await eventually(app, async () => ((await returnOf()).status === "refunded" ? true : undefined))
  return returnId
}

/** Runs jobs until Medusa owes the shopper nothing more on the order (its receipt and the recording may need retries). */
async function settledInMedusa(orderId: string) {
  return eventually(
    app,
    async () => {
      const money = await medusaMoney(orderId)
      return money.summary.pending_difference === 0 && (money.refunds.length > 0 || money.coinCredits.length > 0) ? money : undefined
    },
    60_000,
  )
}

const SLOW = { timeout: 180_000 }

describe("a refund the shop makes, in Medusa's books", SLOW, () => {
  it("records a cash-on-delivery return's Dark Coins as a credit line: Medusa owes nothing and shows no money refunded", async () => {
    const { shopper, orderId, order } = await deliveredOrder("cod-recorded", "cod")
    const line = order.items[0]!
    await returnedLine(shopper, orderId, line.id!)

    const money = await settledInMedusa(orderId)
    expect(money.summary.pending_difference).toBe(0)
    expect(money.summary.refunded_total).toBe(0)
    expect(money.refunds).toEqual([])
    expect(money.coinCredits).toEqual([expect.objectContaining({ amount: -line.unitPrice / 100, reference: "dark_coins_refund" })])
  })

  it("records a prepaid return's Razorpay refund on the payment, and the coins spent on it as a credit line, once though the job runs again", async () => {
    const { shopper, orderId, order } = await deliveredOrder("prepaid-recorded", "prepaid", 2_000)
    const line = order.items[1]!
    const returnId = await returnedLine(shopper, orderId, line.id!)
    const expected = returnRefund({ paymentMethod: "online", discount: order.darkCoinsDiscount, lines: order.items }, 1, 0, 1)

    const money = await settledInMedusa(orderId)
    expect(money.summary.pending_difference).toBe(0)
    expect(money.summary.refunded_total).toBe(expected.toPayment / 100)
    expect(money.refunds).toEqual([
      expect.objectContaining({
        amount: expected.toPayment / 100,
        created_by: "bff",
        metadata: expect.objectContaining({ bff_refund_id: `return-${returnId}:payment` }),
      }),
    ])
    expect(money.coinCredits.map((credit) => credit.amount)).toEqual([-(expected.coins * PAISE_PER_COIN) / 100])

    // The recording job runs again (a retry after a lost answer): Medusa's books don't change.
    await enqueueJob(app.db, RETURN_REFUND_RECORD_JOB, returnId)
    await app.runJobs()
    const again = await medusaMoney(orderId)
    expect(again.refunds).toHaveLength(1)
    expect(again.coinCredits).toHaveLength(1)
    expect(again.summary.pending_difference).toBe(0)
  })

  it("records what an order returned whole in Medusa gives back (its payment, the coins spent), so Medusa owes nothing more", async () => {
    const { shopper, orderId, order } = await deliveredOrder("whole-recorded", "prepaid", 1_000)
    expect(order.darkCoinsDiscount).toBe(10_000)
    // Ops take every unit back in Medusa (as its dashboard does), and the BFF follows: the order ends as returned.
    const medusaOrderId = await medusaIdOf(app.db, orderId)
    const medusaReturn = await requestMedusaReturn(app.commerce, medusaOrderId, {
      bffReturnId: randomUUID(),
      items: order.items.map((item) => ({ id: item.id!, quantity: item.quantity })),
    })
    await receiveMedusaReturn(app.commerce, medusaOrderId, medusaReturn.returnId)
    await followMedusa(app, orderId)
    expect((await orderOf(shopper, orderId)).status).toBe("RETURNED")

    const money = await settledInMedusa(orderId)
    expect(money.summary.refunded_total).toBe(order.total / 100)
    expect(money.refunds.map((refund) => refund.metadata?.bff_refund_id)).toEqual([`order-${orderId}:payment`])
    expect(money.coinCredits.map((credit) => credit.amount)).toEqual([-order.darkCoinsDiscount / 100])
  })
})

/** Runs the job and message queues until both are idle. */
async function drainQueues() {
  while ((await app.app.background.jobs.runDue()) + (await app.app.background.messages.runDue()) > 0);
}

/** Ops press "Refund" on the order's payment in Medusa's dashboard (its admin API), for `rupees`. */
async function refundInDashboard(paymentId: string, rupees: number) {
  await medusaApi("POST", `/admin/payments/${paymentId}/refund`, { token: await opsToken(), body: { amount: rupees, note: "Goodwill" } })
}

const refundMails = async (shopper: Shopper, displayId: number | null) =>
  (await readOutbox(app.db, shopper.email)).filter((mail) => mail.subject === `Refund issued for order #${displayId}`)

describe("a refund ops press in Medusa's dashboard", SLOW, () => {
  let notices: Awaited<ReturnType<typeof receiveMedusaNotices>>
  beforeAll(async () => {
    notices = await receiveMedusaNotices(app.app.internal, /^\/api\/internal\/payments\//)
  })
  afterAll(async () => notices.close())

  it("reaches Razorpay once for an online payment, however often Medusa says so, and never pays again what the shop recorded", async () => {
    const { shopper, orderId, order } = await deliveredOrder("ops-prepaid", "prepaid")
    await returnedLine(shopper, orderId, order.items[1]!.id!)
    const expected = returnRefund({ paymentMethod: "online", discount: order.darkCoinsDiscount, lines: order.items }, 1, 0, 1)
    const { paymentId } = await settledInMedusa(orderId)
    const { rows: payments } = await app.db.query<{ razorpay_payment_id: string }>(
      "select c.razorpay_payment_id from bff.checkouts c join bff.orders o on o.checkout_id = c.id where o.id = $1",
      [orderId],
    )
    const razorpayRefunds = async () =>
      (await app.db.query<{ amount: number }>("select amount from emulator.razorpay_refunds where payment_id = $1 ", [payments[0]!.razorpay_payment_id])).rows
        .map((refund) => refund.amount)
        .sort((a, b) => a - b)

    await refundInDashboard(paymentId, 150)
    await eventually(app, async () => ((await razorpayRefunds()).length === 2 ? true : undefined), 30_000)
    // Medusa's notice again (a retry), and the job reading the payment's refunds again: nothing more moves.
    const again = await request(app.app.internal).post(`/api/internal/payments/${paymentId}/refunded`).set("x-internal-secret", app.config.INTERNAL_API_SECRET)
    expect(again.status).toBe(204)
    await drainQueues()

    expect(await razorpayRefunds()).toEqual([expected.toPayment, 15_000].sort((a, b) => a - b))
    const mails = await refundMails(shopper, order.displayId)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain("We've refunded ₹150.00 to your original payment method")
  })

  it("leaves out of a later cancellation's refund what ops already refunded from the dashboard", async () => {
    const shopper = await signedUpUser(app.app, "ops-then-cancel")
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: products[0]!.id, size: "M" })).status).toBe(201)
    const orderId = await checkOut(app, shopper, "prepaid")
    const order = await orderOf(shopper, orderId)
    const { paymentId } = await medusaMoney(orderId)
    const { rows: payments } = await app.db.query<{ razorpay_payment_id: string }>(
      "select c.razorpay_payment_id from bff.checkouts c join bff.orders o on o.checkout_id = c.id where o.id = $1",
      [orderId],
    )
    const razorpayRefunds = async () =>
      (
        await app.db.query<{ amount: number }>("select amount from emulator.razorpay_refunds where payment_id = $1", [payments[0]!.razorpay_payment_id])
      ).rows.map((refund) => refund.amount)

    await refundInDashboard(paymentId, 150)
    await eventually(app, async () => ((await razorpayRefunds()).length === 1 ? true : undefined), 30_000)
    // Then ops cancel the order: its ending gives back only the rest.
    await medusaApi("POST", `/admin/orders/${await medusaIdOf(app.db, orderId)}/cancel`, { token: await opsToken(), body: {} })
    await followMedusa(app, orderId)
    await eventually(app, async () => ((await razorpayRefunds()).length === 2 ? true : undefined), 30_000)
    await drainQueues()
    expect((await razorpayRefunds()).sort((a, b) => a - b)).toEqual([15_000, order.total - 15_000].sort((a, b) => a - b))
    // And the cancellation's message says what it refunds, not the order's total.
    const texts = (await readOutbox(app.db, shopper.email)).map((mail) => mail.text).join("\n")
    expect(texts).toContain(`${formatPaise(order.total - 15_000)} will be refunded to your original payment method`)
    expect(texts).not.toContain(`${formatPaise(order.total)} will be refunded`)
  })

  it("pays a cash-on-delivery order's refund as Dark Coins, ten a rupee, once", async () => {
    const { shopper, orderId, order } = await deliveredOrder("ops-cod", "cod")
    const { paymentId } = await medusaMoney(orderId)

    await refundInDashboard(paymentId, 250)
    const coinEntries = async () =>
      (
        await app.db.query<{ kind: string; coins: number }>("select kind, coins from bff.dark_coin_entries where user_id = $1 and kind = 'refund'", [
          shopper.user.id,
        ])
      ).rows
    await eventually(app, async () => ((await coinEntries()).length > 0 ? true : undefined), 30_000)
    await request(app.app.internal).post(`/api/internal/payments/${paymentId}/refunded`).set("x-internal-secret", app.config.INTERNAL_API_SECRET)
    await drainQueues()

    expect(await coinEntries()).toEqual([{ kind: "refund", coins: 2_500 }])
    const wallet = await request(app.app).get("/api/wallet/ledger").set(bearer(shopper))
    expect(wallet.body.balance).toBe(2_500)
    const mails = await refundMails(shopper, order.displayId)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain("We've refunded ₹250.00 as Dark Coins")
  })
})
