import { randomBytes } from "node:crypto"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startRazorpayEmulator, uniqueReceipt, type RazorpayEmulatorServer } from "../../../bff/test/razorpay-emulator.js"
import { createRazorpayClient, RazorpayError, verifyPaymentSignature } from "../../../bff/src/lib/razorpay.js"

let emulator: RazorpayEmulatorServer

beforeAll(async () => {
  emulator = await startRazorpayEmulator()
})
afterAll(() => emulator.close())

const newOrder = (amount = 129900) => emulator.client.createOrder({ amount, receipt: uniqueReceipt(), notes: { bag: "test" } })
const refundKey = () => `refund-${randomBytes(8).toString("hex")}`

/** What the SDK client threw, or a failure when it didn't throw. */
async function failureOf(call: Promise<unknown>): Promise<RazorpayError> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(outcome).toBeInstanceOf(RazorpayError)
  return outcome as RazorpayError
}

describe("the Razorpay emulator's orders and payments, through the official SDK", () => {
  it("creates an order, fetches it, pays it, and signs the payment as Razorpay does", async () => {
    const receipt = uniqueReceipt()
    const order = await emulator.client.createOrder({ amount: 129900, receipt, notes: { internalOrderId: "42" } })
    expect(order).toMatchObject({
      entity: "order",
      amount: 129900,
      amount_paid: 0,
      amount_due: 129900,
      currency: "INR",
      receipt,
      status: "created",
      attempts: 0,
    })
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/)
    expect(order.notes).toEqual({ internalOrderId: "42" })
    expect(await emulator.client.fetchOrder(order.id)).toEqual(order)

    const paid = await emulator.pay(order.id)
    expect(paid.razorpay_order_id).toBe(order.id)
    expect(paid.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/)
    expect(verifyPaymentSignature(order.id, paid.razorpay_payment_id, paid.razorpay_signature, emulator.keySecret)).toBe(true)

    expect(await emulator.client.fetchOrder(order.id)).toMatchObject({ status: "paid", amount_paid: 129900, amount_due: 0, attempts: 1 })
    const payment = await emulator.client.fetchPayment(paid.razorpay_payment_id)
    expect(payment).toMatchObject({
      entity: "payment",
      amount: 129900,
      currency: "INR",
      status: "captured",
      captured: true,
      order_id: order.id,
      amount_refunded: 0,
      refund_status: null,
    })
    expect(await emulator.client.fetchOrderPayments(order.id)).toEqual([payment])
  })

  it("refuses a tampered signature, or one for another order or payment", async () => {
    const order = await newOrder()
    const { razorpay_payment_id: paymentId, razorpay_signature: signature } = await emulator.pay(order.id)
    const tampered = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`
    expect(verifyPaymentSignature(order.id, paymentId, tampered, emulator.keySecret)).toBe(false)
    expect(verifyPaymentSignature((await newOrder()).id, paymentId, signature, emulator.keySecret)).toBe(false)
    expect(verifyPaymentSignature(order.id, "pay_AAAAAAAAAAAAAA", signature, emulator.keySecret)).toBe(false)
    expect(verifyPaymentSignature(order.id, paymentId, signature, "another secret")).toBe(false)
    expect(verifyPaymentSignature(order.id, paymentId, "", emulator.keySecret)).toBe(false)
  })

  it("records a failed attempt, lets the order be paid after it, and refuses paying a paid order", async () => {
    const order = await newOrder()
    const failed = await request(emulator.origin).post(`/emulator/razorpay/test/orders/${order.id}/fail`)
    expect(failed.status).toBe(200)
    expect(failed.body.error).toMatchObject({ code: "BAD_REQUEST_ERROR", reason: "payment_failed", metadata: { order_id: order.id } })
    expect(await emulator.client.fetchOrder(order.id)).toMatchObject({ status: "attempted", attempts: 1, amount_paid: 0 })
    expect(await emulator.client.fetchPayment(failed.body.error.metadata.payment_id)).toMatchObject({ status: "failed", captured: false })

    const paid = await emulator.pay(order.id)
    expect(await emulator.client.fetchOrder(order.id)).toMatchObject({ status: "paid", attempts: 2 })
    expect((await emulator.client.fetchOrderPayments(order.id)).map((p) => p.status).sort()).toEqual(["captured", "failed"])

    const again = await request(emulator.origin).post(`/emulator/razorpay/test/orders/${order.id}/pay`)
    expect(again.status).toBe(400)
    expect(again.body.error.code).toBe("BAD_REQUEST_ERROR")
    expect((await emulator.client.fetchPayment(paid.razorpay_payment_id)).status).toBe("captured")
  })

  it("keeps its state in PostgreSQL: another emulator process sees the same orders", async () => {
    const other = await startRazorpayEmulator({ keyId: emulator.keyId, keySecret: emulator.keySecret })
    try {
      const order = await newOrder()
      await other.pay(order.id)
      expect(await emulator.client.fetchOrder(order.id)).toMatchObject({ status: "paid" })
    } finally {
      await other.close()
    }
  })

  it("answers 400 in Razorpay's shape for an id that is malformed or belongs to nobody", async () => {
    expect(await failureOf(emulator.client.fetchOrder("order_AAAAAAAAAAAAAA"))).toMatchObject({
      statusCode: 400,
      code: "BAD_REQUEST_ERROR",
      description: "The id provided does not exist",
    })
    const malformed = await request(emulator.url).get("/v1/payments/nope").auth(emulator.keyId, emulator.keySecret)
    expect(malformed.headers["cache-control"]).toBe("no-store")
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual({
      error: {
        code: "BAD_REQUEST_ERROR",
        description: "nope is not a valid id",
        source: "business",
        step: "payment_initiation",
        reason: "input_validation_failed",
        metadata: {},
      },
    })
  })
})

describe("the Razorpay emulator's authentication", () => {
  it("refuses a call without Basic auth, or with a wrong key id or secret, with a 401", async () => {
    const missing = await request(emulator.url).post("/v1/orders").send({ amount: 10000, currency: "INR" })
    expect(missing.status).toBe(401)
    expect(missing.body.error).toMatchObject({ code: "BAD_REQUEST_ERROR", description: expect.stringMatching(/api key/) })

    const wrongSecret = createRazorpayClient({ keyId: emulator.keyId, keySecret: "not-the-secret", apiUrl: emulator.url })
    expect(await failureOf(wrongSecret.createOrder({ amount: 10000, receipt: uniqueReceipt() }))).toMatchObject({ statusCode: 401, code: "BAD_REQUEST_ERROR" })
    const wrongKey = createRazorpayClient({ keyId: "rzp_test_someoneelse", keySecret: emulator.keySecret, apiUrl: emulator.url })
    expect((await failureOf(wrongKey.fetchOrder((await newOrder()).id))).statusCode).toBe(401)
  })

  it("reports an unreachable host as a RazorpayError with no status", async () => {
    const nowhere = createRazorpayClient({ keyId: emulator.keyId, keySecret: emulator.keySecret, apiUrl: "http://127.0.0.1:9", timeoutMs: 2_000 })
    expect(await failureOf(nowhere.fetchOrder("order_AAAAAAAAAAAAAA"))).toMatchObject({ statusCode: 0, code: "NETWORK_ERROR" })
  })
})

describe("the Razorpay emulator's order validation", () => {
  const create = (body: Record<string, unknown>) => request(emulator.url).post("/v1/orders").auth(emulator.keyId, emulator.keySecret).send(body)

  it("refuses an amount under ₹1 with Razorpay's error shape", async () => {
    const response = await create({ amount: 99, currency: "INR", receipt: uniqueReceipt() })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      error: {
        code: "BAD_REQUEST_ERROR",
        description: "The amount must be at least INR 1.00",
        source: "business",
        step: "payment_initiation",
        reason: "input_validation_failed",
        metadata: {},
        field: "amount",
      },
    })
    expect(await failureOf(emulator.client.createOrder({ amount: 50, receipt: uniqueReceipt() }))).toMatchObject({ statusCode: 400, code: "BAD_REQUEST_ERROR" })
  })

  it("refuses a missing or fractional amount, another currency, a long receipt and fields it doesn't take", async () => {
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ currency: "INR" }, "The amount field is required.", "amount"],
      [{ amount: 100.5 }, "The amount must be an integer.", "amount"],
      [{ amount: "1000" }, "The amount must be an integer.", "amount"],
      [{ amount: 1000, currency: "USD" }, "Currency is not supported", "currency"],
      [{ amount: 1000, receipt: "r".repeat(41) }, "The receipt may not be greater than 40 characters.", "receipt"],
      [{ amount: 1000, tip: 5 }, "tip is/are not required and should not be sent", undefined],
    ]
    for (const [body, description, field] of cases) {
      const response = await create(body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.error).toMatchObject({ code: "BAD_REQUEST_ERROR", description })
      expect(response.body.error.field).toBe(field)
    }
  })

  it("takes the same receipt twice (Razorpay doesn't require it to be unique) and answers [] for no notes", async () => {
    const receipt = uniqueReceipt()
    const first = await create({ amount: 10000, currency: "INR", receipt })
    const second = await create({ amount: 10000, currency: "INR", receipt })
    expect(second.status).toBe(200)
    expect(second.body.id).not.toBe(first.body.id)
    expect(first.body.notes).toEqual([])
  })
})

describe("the Razorpay emulator's refunds", () => {
  async function capturedPayment(amount = 50000) {
    const order = await newOrder(amount)
    return (await emulator.pay(order.id)).razorpay_payment_id
  }

  it("makes one refund for one idempotency key, however often it is sent", async () => {
    const paymentId = await capturedPayment()
    const key = refundKey()
    const first = await emulator.client.refund(paymentId, { amount: 50000, idempotencyKey: key })
    const second = await emulator.client.refund(paymentId, { amount: 50000, idempotencyKey: key })
    expect(first).toMatchObject({ entity: "refund", amount: 50000, currency: "INR", payment_id: paymentId, status: "processed" })
    expect(first.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/)
    expect(second).toEqual(first)
    expect(await emulator.client.fetchPayment(paymentId)).toMatchObject({ status: "refunded", amount_refunded: 50000, refund_status: "full" })
  })

  it("makes one refund when the same key is sent concurrently", async () => {
    const paymentId = await capturedPayment()
    const key = refundKey()
    const refunds = await Promise.all([1, 2, 3].map(() => emulator.client.refund(paymentId, { amount: 20000, idempotencyKey: key })))
    expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1)
    expect((await emulator.client.fetchPayment(paymentId)).amount_refunded).toBe(20000)
  })

  it("refuses a different request under a key already used", async () => {
    const paymentId = await capturedPayment()
    const key = refundKey()
    await emulator.client.refund(paymentId, { amount: 10000, idempotencyKey: key })
    const error = await failureOf(emulator.client.refund(paymentId, { amount: 20000, idempotencyKey: key }))
    expect(error).toMatchObject({
      statusCode: 400,
      code: "BAD_REQUEST_ERROR",
      description: "Different request with the same idempotency key has already been processed.",
    })
  })

  it("never refunds more than was captured, over one refund or several", async () => {
    const paymentId = await capturedPayment(50000)
    expect(await failureOf(emulator.client.refund(paymentId, { amount: 50001, idempotencyKey: refundKey() }))).toMatchObject({
      statusCode: 400,
      code: "BAD_REQUEST_ERROR",
    })
    await emulator.client.refund(paymentId, { amount: 30000, idempotencyKey: refundKey() })
    expect(await emulator.client.fetchPayment(paymentId)).toMatchObject({ status: "captured", amount_refunded: 30000, refund_status: "partial" })
    const over = await failureOf(emulator.client.refund(paymentId, { amount: 20001, idempotencyKey: refundKey() }))
    expect(over.description).toBe("The total refund amount is greater than the refund payment amount")
    await emulator.client.refund(paymentId, { amount: 20000, idempotencyKey: refundKey() })
    expect(await failureOf(emulator.client.refund(paymentId, { amount: 100, idempotencyKey: refundKey() }))).toMatchObject({ statusCode: 400 })
    expect(await emulator.client.fetchPayment(paymentId)).toMatchObject({ status: "refunded", amount_refunded: 50000, refund_status: "full" })
  })

  it("refuses to refund a failed payment, and a malformed idempotency key", async () => {
    const order = await newOrder()
    const failed = await request(emulator.origin).post(`/emulator/razorpay/test/orders/${order.id}/fail`)
    const failedPaymentId = failed.body.error.metadata.payment_id as string
    expect(await failureOf(emulator.client.refund(failedPaymentId, { amount: 1000, idempotencyKey: refundKey() }))).toMatchObject({ statusCode: 400 })
    expect(await failureOf(emulator.client.refund(await capturedPayment(), { amount: 1000, idempotencyKey: "short" }))).toMatchObject({ statusCode: 400 })
  })
})
