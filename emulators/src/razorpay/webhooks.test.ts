import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { startRazorpayEmulator, uniqueReceipt, type RazorpayEmulatorServer } from "../../../bff/test/razorpay-emulator.js"
import { razorpayWebhookEvent } from "../../../bff/src/lib/razorpay-entities.js"
import { verifyWebhookSignature } from "../../../bff/src/lib/razorpay.js"

type Delivery = { headers: IncomingHttpHeaders; rawBody: Buffer }

/** A local webhook endpoint answering the given statuses in turn (then 200), recording every delivery. */
async function webhookReceiver(statuses: number[] = []) {
  const deliveries: Delivery[] = []
  const waiting: (() => void)[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      deliveries.push({ headers: req.headers, rawBody: Buffer.concat(chunks) })
      res.statusCode = statuses.shift() ?? 200
      res.end()
      waiting.splice(0).forEach((wake) => wake())
    })
  })
  server.listen(0, "127.0.0.1")
  await new Promise<void>((resolve) => server.once("listening", () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`,
    deliveries,
    /** Waits until `count` deliveries have arrived. */
    async received(count: number, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs
      while (deliveries.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${deliveries.length} of ${count} webhook deliveries arrived`)
        await new Promise<void>((resolve) => {
          waiting.push(resolve)
          setTimeout(resolve, 50)
        })
      }
      return deliveries
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

const eventOf = (delivery: Delivery) => razorpayWebhookEvent.parse(JSON.parse(delivery.rawBody.toString("utf8")))

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

async function setUp(statuses: number[] = []) {
  const receiver = await webhookReceiver(statuses)
  const emulator: RazorpayEmulatorServer = await startRazorpayEmulator({ webhookUrl: receiver.url, webhookRetryDelaysMs: [20, 40, 80] })
  cleanups.push(receiver.close, emulator.close)
  return { receiver, emulator }
}

describe("the Razorpay emulator's webhooks", () => {
  it("delivers payment.captured and order.paid, signed over the raw body with the webhook secret", async () => {
    const { receiver, emulator } = await setUp()
    const order = await emulator.client.createOrder({ amount: 159900, receipt: uniqueReceipt() })
    const paid = await emulator.pay(order.id)
    const deliveries = await receiver.received(2)

    for (const delivery of deliveries) {
      const signature = String(delivery.headers["x-razorpay-signature"])
      expect(verifyWebhookSignature(delivery.rawBody, signature, emulator.webhookSecret)).toBe(true)
      expect(verifyWebhookSignature(delivery.rawBody, signature, "another secret")).toBe(false)
      expect(verifyWebhookSignature(Buffer.concat([delivery.rawBody, Buffer.from(" ")]), signature, emulator.webhookSecret)).toBe(false)
      expect(delivery.headers["content-type"]).toMatch(/^application\/json/)
      expect(delivery.headers["x-razorpay-event-id"]).toMatch(/^evt_/)
    }
    const events = deliveries.map(eventOf)
    const captured = events.find((event) => event.event === "payment.captured")!
    const orderPaid = events.find((event) => event.event === "order.paid")!
    expect(captured).toMatchObject({ entity: "event", contains: ["payment"] })
    expect(captured.payload.payment?.entity).toMatchObject({
      id: paid.razorpay_payment_id,
      order_id: order.id,
      amount: 159900,
      status: "captured",
      captured: true,
    })
    expect(orderPaid.contains).toEqual(["payment", "order"])
    expect(orderPaid.payload.order?.entity).toMatchObject({ id: order.id, status: "paid", amount_paid: 159900, amount_due: 0 })
    expect(orderPaid.payload.payment?.entity.id).toBe(paid.razorpay_payment_id)
  })

  it("retries a delivery the receiver failed, with the same event id and signature", async () => {
    const { receiver, emulator } = await setUp([500, 503])
    const order = await emulator.client.createOrder({ amount: 10000, receipt: uniqueReceipt() })
    await emulator.pay(order.id)
    // Two events; the first two answers (500, 503) fail one or both of them, and each is retried until answered 200.
    const deliveries = await receiver.received(4)
    const eventIds = deliveries.map((delivery) => delivery.headers["x-razorpay-event-id"])
    expect(new Set(eventIds).size).toBe(2)
    for (const id of new Set(eventIds)) {
      const attempts = deliveries.filter((delivery) => delivery.headers["x-razorpay-event-id"] === id)
      expect(new Set(attempts.map((delivery) => delivery.rawBody.toString())).size).toBe(1)
      expect(verifyWebhookSignature(attempts[0]!.rawBody, String(attempts[0]!.headers["x-razorpay-signature"]), emulator.webhookSecret)).toBe(true)
    }
    expect(new Set(deliveries.map((delivery) => eventOf(delivery).event))).toEqual(new Set(["payment.captured", "order.paid"]))
  })

  it("sends payment.failed for a failed attempt", async () => {
    const { receiver, emulator } = await setUp()
    const order = await emulator.client.createOrder({ amount: 10000, receipt: uniqueReceipt() })
    await fetch(`${emulator.url}/test/orders/${order.id}/fail`, { method: "POST" })
    const [delivery] = await receiver.received(1)
    expect(eventOf(delivery!)).toMatchObject({ event: "payment.failed", payload: { payment: { entity: { order_id: order.id, status: "failed" } } } })
  })

  it("still pays when the webhook endpoint is down, and gives up quietly", async () => {
    const emulator = await startRazorpayEmulator({ webhookUrl: "http://127.0.0.1:9/api/payments/webhook", webhookRetryDelaysMs: [10, 10] })
    cleanups.push(emulator.close)
    const order = await emulator.client.createOrder({ amount: 10000, receipt: uniqueReceipt() })
    await emulator.pay(order.id)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await emulator.client.fetchOrder(order.id)).toMatchObject({ status: "paid" })
  })
})
