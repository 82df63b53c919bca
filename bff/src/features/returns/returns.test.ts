import { returnRefund, type Order, type Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "../../../../scripts/lib/ports.js"
import { readOutbox } from "../../lib/mailer.js"
import { shiprocketSettings } from "../../lib/shiprocket-settings.js"
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
import { opsToken } from "../../../test/orders.js"
import { medusaApi, ownCatalogue } from "../../../test/staff.js"
import { tcpHop, type TcpHop } from "../../../test/tcp-hop.js"
import { medusaIdOf } from "../orders/index.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
let products: Product[]
/** Shiprocket as the app reaches it: through a hop the test can cut. */
let shiprocket: TcpHop

beforeAll(async () => {
  const port = await freePort()
  shiprocket = await tcpHop({ host: "127.0.0.1", port })
  app = await startCheckoutApp({ RETURN_WINDOW_DAYS: "7", SHIPROCKET_API_URL: `http://${shiprocket.authority}/emulator/shiprocket` }, { port })
  catalogue = await ownCatalogue(app.app, "Return tee")
  products = [await catalogue.publish(20), await catalogue.publish(20)]
})
afterAll(async () => {
  await catalogue.remove(app.app)
  await app.close()
  await shiprocket.close()
})

async function orderOf(shopper: Shopper, orderId: string): Promise<Order> {
  return (await ordersOf(app, shopper)).find((order) => order.id === orderId) as unknown as Order
}

/** A shopper's delivered order of one M of each product (the first twice when `twoOfFirst`). */
async function deliveredOrder(label: string, mode: "prepaid" | "cod", { coins = 0, twoOfFirst = false } = {}) {
  const shopper = await signedUpUser(app.app, label)
  if (coins) await giveCoins(app, shopper, coins)
  const adds = twoOfFirst ? [products[0]!, ...products] : products
  for (const product of adds) {
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: "M" })).status).toBe(201)
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

/** The same scan sent to our webhook again, as Shiprocket retries it. */
async function scanAgain(awb: string, status: string) {
  const again = await request(app.app)
    .post("/api/fulfillment/tracking-webhook")
    .set("x-api-key", shiprocketSettings(app.config).webhookToken)
    .send({ awb, current_status: status, shipment_status: status, is_return: 1 })
  expect(again.status).toBe(200)
}

async function returnOf(shopper: Shopper, orderId: string, returnId: string) {
  const order = await orderOf(shopper, orderId)
  return order.returns.find((candidate) => candidate.id === returnId)!
}

async function bookedReturn(shopper: Shopper, orderId: string, returnId: string) {
  return eventually(app, async () => {
    const booked = await returnOf(shopper, orderId, returnId)
    return booked.status === "pickup_scheduled" ? booked : undefined
  })
}

async function awbOf(returnId: string): Promise<string> {
  const { rows } = await app.db.query<{ awb: string }>("select awb from bff.returns where id = $1", [returnId])
  return rows[0]!.awb
}

async function coinEntries(shopper: Shopper, returnId: string) {
  const { rows } = await app.db.query<{ kind: string; coins: number }>(
    "select kind, coins from bff.dark_coin_entries where user_id = $1 and return_id = $2 order by kind",
    [shopper.user.id, returnId],
  )
  return rows
}

/** The returns of the shop's order as Medusa's admin API shows them. */
async function medusaReturns(orderId: string) {
  const token = await opsToken()
  const { returns } = await medusaApi<{ returns: { id: string; status: string; order_id: string }[] }>(
    "GET",
    `/admin/returns?order_id=${await medusaIdOf(app.db, orderId)}&fields=id,status,order_id`,
    {
      token,
    },
  )
  return returns
}

describe("a return asked from the account", () => {
  it("refunds a prepaid line's paid share through Razorpay once, gives the coins spent on it back, and Medusa receives it", async () => {
    const { shopper, orderId, order } = await deliveredOrder("prepaid-return", "prepaid", { coins: 2_000 })
    expect(order.darkCoinsDiscount).toBe(20_000)
    const line = order.items[1]!
    expect(line).toMatchObject({ returnable: true, returnableQuantity: 1 })

    const asked = await ask(shopper, orderId, { lines: [{ lineId: line.id, quantity: 1, reason: "Size too big" }] })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    expect(asked.body).toMatchObject({ id: expect.any(String), status: "requested" })
    const expected = returnRefund({ paymentMethod: "online", discount: order.darkCoinsDiscount, lines: order.items }, 1, 0, 1)
    expect(expected.coins).toBeGreaterThan(0)

    const booked = await bookedReturn(shopper, orderId, asked.body.id)
    expect(booked).toMatchObject({ kind: "return", refund: expected, pickupDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })
    expect((await orderOf(shopper, orderId)).items[1]).toMatchObject({ returnable: false, returnableQuantity: 0 })
    expect((await medusaReturns(orderId)).map((r) => r.status)).toEqual(["requested"])

    const awb = await awbOf(asked.body.id)
    await scan(awb, "RETURN PICKED UP")
    await scan(awb, "RETURN DELIVERED")
    await eventually(app, async () => ((await returnOf(shopper, orderId, asked.body.id)).status === "refunded" ? true : undefined))
    // Shiprocket says it again: nothing moves twice.
    await scanAgain(awb, "RETURN DELIVERED")
    await app.runJobs()

    const { rows: payments } = await app.db.query<{ razorpay_payment_id: string }>(
      "select c.razorpay_payment_id from bff.checkouts c join bff.orders o on o.checkout_id = c.id where o.id = $1",
      [orderId],
    )
    const paymentId = payments[0]!.razorpay_payment_id
    const { rows: refunds } = await app.db.query<{ amount: number }>("select amount from emulator.razorpay_refunds where payment_id = $1", [paymentId])
    expect(refunds).toEqual([{ amount: expected.toPayment }])
    expect(await coinEntries(shopper, asked.body.id)).toEqual([{ kind: "reversal", coins: expected.coins }])

    const shown = await returnOf(shopper, orderId, asked.body.id)
    expect(shown.timeline).toMatchObject({
      pickupScheduledAt: expect.any(String),
      pickedUpAt: expect.any(String),
      receivedAt: expect.any(String),
      refundedAt: expect.any(String),
    })
    await eventually(app, async () => ((await medusaReturns(orderId))[0]?.status === "received" ? true : undefined))
    // The other line stays the shopper's: the order is not returned whole.
    expect((await orderOf(shopper, orderId)).status).toBe("DELIVERED")
  })

  it("credits a cash-on-delivery line as Dark Coins, ten per rupee, and never the COD fee", async () => {
    const { shopper, orderId, order } = await deliveredOrder("cod-return", "cod")
    const line = order.items[0]!
    const asked = await ask(shopper, orderId, { lines: [{ lineId: line.id, quantity: 1, reason: "Other", note: "Colour is off" }] })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    await bookedReturn(shopper, orderId, asked.body.id)
    const awb = await awbOf(asked.body.id)
    await scan(awb, "RETURN PICKED UP")
    await scan(awb, "RETURN DELIVERED")
    await eventually(app, async () => ((await returnOf(shopper, orderId, asked.body.id)).status === "refunded" ? true : undefined))

    const coins = line.unitPrice / 10
    expect(await coinEntries(shopper, asked.body.id)).toEqual([{ kind: "refund", coins }])
    const wallet = await request(app.app).get("/api/wallet/ledger").set(bearer(shopper))
    expect(wallet.body.balance).toBe(coins)
    expect(wallet.body.entries[0]).toMatchObject({ kind: "refund", coins, orderId })

    // The shopper heard of each step once, in order, though the courier said "delivered" twice.
    await scanAgain(awb, "RETURN DELIVERED")
    while ((await app.app.background.jobs.runDue()) + (await app.app.background.messages.runDue()) > 0);
    const number = `#${order.displayId}`
    const mails = (await readOutbox(app.db, shopper.email)).filter((mail) => mail.subject.includes("return") || mail.subject.includes("Return")).reverse()
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Return requested for order ${number}`,
      `Pickup booked for your return (order ${number})`,
      `Refund issued for your return (order ${number})`,
    ])
    const grouped = new Intl.NumberFormat("en-IN").format(coins)
    expect(mails[0]!.text).toContain(`${grouped} Dark Coins (10 coins = ₹1) will be credited to your wallet once we receive it.`)
    expect(mails[0]!.text).toContain("The ₹100.00 cash on delivery fee is not refunded.")
    expect(mails[2]!.text).toContain(`${grouped} Dark Coins are back in your wallet.`)
  })

  it("refuses what can't be returned, with a clear answer, and records nothing", async () => {
    const { shopper, orderId, order } = await deliveredOrder("refused-return", "cod", { twoOfFirst: true })
    const stranger = await signedUpUser(app.app, "stranger")
    const [first, second] = order.items
    const line = (overrides: Record<string, unknown> = {}) => ({ lineId: first!.id, quantity: 1, reason: "Size too small", ...overrides })

    expect((await ask(stranger, orderId, { lines: [line()] })).status).toBe(404)
    expect((await ask(shopper, "order_01NOSUCHORDER", { lines: [line()] })).status).toBe(404)
    const answers = await Promise.all([
      ask(shopper, orderId, { lines: [line({ lineId: "ordli_01NOTINTHISORDER" })] }),
      ask(shopper, orderId, { lines: [line({ quantity: 3 })] }),
      ask(shopper, orderId, { lines: [line({ reason: "Bored of it" })] }),
      ask(shopper, orderId, { lines: [line({ reason: "Other" })] }),
      ask(shopper, orderId, { lines: [line({ exchangeSize: "M" })] }),
      ask(shopper, orderId, { lines: [line(), { ...line(), lineId: second!.id, exchangeSize: "L" }] }),
    ])
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String) })
    }
    expect(answers[1]!.body.message).toBe(`Only 2 of ${first!.title} can still be returned.`)
    const { rows: none } = await app.db.query("select 1 from bff.returns where order_id = $1", [orderId])
    expect(none).toEqual([])

    // Past the window, and open again when it isn't.
    await app.db.query("update bff.orders set delivered_at = delivered_at - interval '8 days' where id = $1", [orderId])
    const late = await ask(shopper, orderId, { lines: [line({ lineId: second!.id })] })
    expect(late.status).toBe(400)
    expect(late.body.message).toMatch(/^The return window for .* closed on \d{4}-\d{2}-\d{2}\.$/)
    await app.db.query("update bff.orders set delivered_at = delivered_at + interval '8 days' where id = $1", [orderId])

    // A double click: the same lines twice at once make one return.
    const twice = await Promise.all([
      ask(shopper, orderId, { lines: [line({ lineId: second!.id })] }),
      ask(shopper, orderId, { lines: [line({ lineId: second!.id })] }),
    ])
    expect(twice.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(twice.find((answer) => answer.status === 409)!.body.message).toBe(`${second!.title} is already being returned.`)
    // Both units of a line, and one of them, asked at once: one ask gets them, the other is told what is left.
    const both = await Promise.all([
      ask(shopper, orderId, { lines: [line({ quantity: 2 })] }),
      ask(shopper, orderId, { lines: [line({ reason: "Quality issue" })] }),
    ])
    const [won, lost] = both.map((answer) => answer.status).sort()
    expect(won).toBe(201)
    expect([400, 409]).toContain(lost)
    // Whichever came first, the line's returns never ask back more than it had, and what is left is shown.
    const { rows: asked } = await app.db.query<{ lines: { lineId: string; quantity: number }[] }>("select lines from bff.returns where order_id = $1", [
      orderId,
    ])
    const askedOfFirst = asked
      .flatMap((row) => row.lines)
      .filter((returned) => returned.lineId === first!.id)
      .reduce((sum, returned) => sum + returned.quantity, 0)
    expect(askedOfFirst).toBe(both[0]!.status === 201 ? 2 : 1)
    expect((await orderOf(shopper, orderId)).items.map((item) => item.returnableQuantity)).toEqual([2 - askedOfFirst, 0])
  })

  it("refuses an order not yet delivered", async () => {
    const shopper = await signedUpUser(app.app, "undelivered")
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: products[0]!.id, size: "M" })).status).toBe(201)
    const orderId = await checkOut(app, shopper, "cod")
    const { rows } = await app.db.query<{ items: { lineId: string }[] }>("select items from bff.orders where id = $1", [orderId])
    const answer = await ask(shopper, orderId, { lines: [{ lineId: rows[0]!.items[0]!.lineId, quantity: 1, reason: "Size too big" }] })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe("Only a delivered order can be returned or exchanged.")
  })

  it("books the pickup once Shiprocket is back when it was down at the ask, losing nothing", async () => {
    const { shopper, orderId, order } = await deliveredOrder("outage-return", "cod")
    await shiprocket.cut()
    let cut = true
    try {
      const asked = await ask(shopper, orderId, { lines: [{ lineId: order.items[0]!.id, quantity: 1, reason: "Size too small" }] })
      expect(asked.status).toBe(201)
      await app.runJobs()
      expect((await returnOf(shopper, orderId, asked.body.id)).status).toBe("requested")
      const { rows } = await app.db.query<{ attempts: number; last_error: string }>(
        "select attempts, last_error from bff.jobs where kind = 'return.book' and key = $1",
        [asked.body.id],
      )
      expect(rows[0]!.attempts).toBeGreaterThanOrEqual(1)
      await shiprocket.restore()
      cut = false
      await app.db.query("update bff.jobs set run_at = now() where kind = 'return.book' and key = $1", [asked.body.id])
      await bookedReturn(shopper, orderId, asked.body.id)
    } finally {
      if (cut) await shiprocket.restore()
    }
  })

  it("exchanges a size: the new size held at the ask, shipped at pickup, the old one received, no money moving", async () => {
    const { shopper, orderId, order } = await deliveredOrder("exchanger", "prepaid")
    const line = order.items[0]!
    const asked = await ask(shopper, orderId, { lines: [{ lineId: line.id, quantity: 1, reason: "Size too small", exchangeSize: "L" }] })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    const largeId = products[0]!.variants.find((variant) => variant.size === "L")!.id
    const { rows: holds } = await app.db.query("select variant_id, quantity from bff.stock_holds where checkout_id = $1 and released_at is null", [
      asked.body.id,
    ])
    expect(holds).toEqual([{ variant_id: largeId, quantity: 1 }])

    const booked = await bookedReturn(shopper, orderId, asked.body.id)
    expect(booked).toMatchObject({ kind: "exchange", refund: { toPayment: 0, coins: 0 }, lines: [{ exchangeSize: "L" }] })
    const awb = await awbOf(asked.body.id)
    await scan(awb, "RETURN PICKED UP")
    const shipped = await eventually(app, async () => {
      const { rows } = await app.db.query<{ exchange_awb: string | null; exchange_shipped_at: Date | null }>(
        "select exchange_awb, exchange_shipped_at from bff.returns where id = $1",
        [asked.body.id],
      )
      return rows[0]?.exchange_shipped_at ? rows[0] : undefined
    })
    expect(shipped.exchange_awb).toBeTruthy()
    await scan(awb, "RETURN DELIVERED")
    const exchanged = await eventually(app, async () => {
      const shown = await returnOf(shopper, orderId, asked.body.id)
      return shown.status === "exchanged" ? shown : undefined
    })
    expect(exchanged.timeline.exchangedAt).toEqual(expect.any(String))
    expect(await coinEntries(shopper, asked.body.id)).toEqual([])
    const { rows: refunds } = await app.db.query(
      "select 1 from emulator.razorpay_refunds r join bff.checkouts c on c.razorpay_payment_id = r.payment_id join bff.orders o on o.checkout_id = c.id where o.id = $1",
      [orderId],
    )
    expect(refunds).toEqual([])
    await eventually(app, async () => ((await medusaReturns(orderId))[0]?.status === "received" ? true : undefined))
  })

  it("refuses an exchange into a size with none left, naming it, and holds nothing", async () => {
    const scarce = await catalogue.publish(1)
    const shopper = await signedUpUser(app.app, "scarce-exchange")
    const rival = await signedUpUser(app.app, "scarce-rival")
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: scarce.id, size: "M" })).status).toBe(201)
    const orderId = await checkOut(app, shopper, "cod")
    expect((await request(app.app).post("/api/cart").set(bearer(rival)).send({ productId: scarce.id, size: "L" })).status).toBe(201)
    await checkOut(app, rival, "cod")
    await deliverThroughShiprocket(app, shopper, orderId)
    const [line] = (await orderOf(shopper, orderId)).items

    const answer = await ask(shopper, orderId, { lines: [{ lineId: line!.id, quantity: 1, reason: "Size too small", exchangeSize: "L" }] })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe(`Size L of ${scarce.title} is out of stock, so it can't be exchanged for now.`)
    const { rows } = await app.db.query("select 1 from bff.returns where order_id = $1", [orderId])
    expect(rows).toEqual([])
  })

  it("gives nothing twice when the whole order then reads returned in Medusa", async () => {
    const { shopper, orderId, order } = await deliveredOrder("returned-whole", "prepaid", { coins: 1_000 })
    const lines = order.items.map((item) => ({ lineId: item.id, quantity: item.quantity, reason: "Changed my mind" }))
    const asked = await ask(shopper, orderId, { lines })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    await bookedReturn(shopper, orderId, asked.body.id)
    const awb = await awbOf(asked.body.id)
    await scan(awb, "RETURN DELIVERED")
    await eventually(app, async () => ((await returnOf(shopper, orderId, asked.body.id)).status === "refunded" ? true : undefined))
    await eventually(app, async () => ((await medusaReturns(orderId))[0]?.status === "received" ? true : undefined))

    // Medusa now reads every unit back: the order ends as returned, and nothing more comes back.
    await followMedusa(app, orderId)
    expect((await orderOf(shopper, orderId)).status).toBe("RETURNED")
    await app.runJobs()
    const { rows: refunds } = await app.db.query<{ amount: number }>(
      "select r.amount from emulator.razorpay_refunds r join bff.checkouts c on c.razorpay_payment_id = r.payment_id join bff.orders o on o.checkout_id = c.id where o.id = $1",
      [orderId],
    )
    expect(refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(order.total)
    const wallet = await request(app.app).get("/api/wallet/ledger").set(bearer(shopper))
    expect(wallet.body.balance).toBe(1_000)
  })

  it("drops the referral earnings a returned line gave, and takes 'verified buyer' from the author's post, the post itself once all came back", async () => {
    const { shopper: author, orderId: authorOrder, order: bought } = await deliveredOrder("return-author", "cod", { twoOfFirst: true })
    const product = products[0]!
    const { rows: posted } = await app.db.query<{ id: string }>(
      `insert into bff.fitfeed_posts (user_id, product_id, order_id, size_bought, image_url, thumb_url)
       values ($1, $2, $3, 'M', '/media/uploads/test.webp', '/media/uploads/test-480.webp') returning id::text`,
      [author.user.id, product.id, authorOrder],
    )
    const postId = posted[0]!.id

    // A fan buys through the post; the author's earning waits out the return window, and the fan sends it back.
    const fan = await signedUpUser(app.app, "return-fan")
    const line = { productId: product.id, size: "M", quantity: 1, refPostId: postId }
    expect((await request(app.app).post("/api/cart").set(bearer(fan)).send(line)).status).toBe(201)
    const fanOrder = await checkOut(app, fan, "cod")
    await deliverThroughShiprocket(app, fan, fanOrder)
    const earning = async () => {
      const { rows } = await app.db.query<{ coins: number; dropped: boolean }>(
        "select coins, dropped_at is not null as dropped from bff.dark_coin_entries where order_id = $1 and kind = 'earn'",
        [fanOrder],
      )
      return rows
    }
    expect(await earning()).toEqual([{ coins: expect.any(Number), dropped: false }])
    const [fanLine] = (await orderOf(fan, fanOrder)).items
    const fanReturn = await ask(fan, fanOrder, { lines: [{ lineId: fanLine!.id, quantity: 1, reason: "Changed my mind" }] })
    expect(fanReturn.status).toBe(201)
    await bookedReturn(fan, fanOrder, fanReturn.body.id)
    await scan(await awbOf(fanReturn.body.id), "RETURN DELIVERED")
    await eventually(app, async () => ((await returnOf(fan, fanOrder, fanReturn.body.id)).status === "refunded" ? true : undefined))
    expect(await earning()).toEqual([{ coins: expect.any(Number), dropped: true }])

    // The author sends back one of their two: the post stays, no longer a verified buyer's.
    const authorLine = bought.items.find((item) => item.productId === product.id)!
    const postRead = () => request(app.app).get(`/api/fitfeed/posts/${postId}`)
    expect((await postRead()).body.post.verifiedBuyer).toBe(true)
    const first = await ask(author, authorOrder, { lines: [{ lineId: authorLine.id, quantity: 1, reason: "Size too big" }] })
    await bookedReturn(author, authorOrder, first.body.id)
    await scan(await awbOf(first.body.id), "RETURN DELIVERED")
    await eventually(app, async () => ((await returnOf(author, authorOrder, first.body.id)).status === "refunded" ? true : undefined))
    expect((await postRead()).body.post).toMatchObject({ verifiedBuyer: false, sizeBought: "M" })

    // And the other: nothing of the purchase is left, so the post leaves the feed.
    const second = await ask(author, authorOrder, { lines: [{ lineId: authorLine.id, quantity: 1, reason: "Size too big" }] })
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    await bookedReturn(author, authorOrder, second.body.id)
    await scan(await awbOf(second.body.id), "RETURN DELIVERED")
    await eventually(app, async () => ((await returnOf(author, authorOrder, second.body.id)).status === "refunded" ? true : undefined))
    expect((await postRead()).status).toBe(404)
  })
})
