import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { describe, expect, it } from "vitest"
import RazorpayPaymentProviderService from "./service"

const provider = new RazorpayPaymentProviderService({})

/** A session as Medusa stores it after initiate: the BFF's verified facts plus Medusa's amount (₹1,299.50). */
async function initiatedSession(facts: Record<string, unknown>) {
  const { data } = await provider.initiatePayment({ amount: 1299.5, currency_code: "inr", data: { session_id: "payses_1", ...facts } })
  return data
}

const verified = {
  razorpay_order_id: "order_Q1",
  razorpay_payment_id: "pay_Q1",
  amount_paise: 129950,
  verified_at: "2025-01-01T10:00:00.000Z",
}

describe("Razorpay payment provider", () => {
  it("authorizes a verified payment whose paise equal the session amount × 100", async () => {
    const result = await provider.authorizePayment({ data: await initiatedSession(verified) })
    expect(result.status).toBe(PaymentSessionStatus.AUTHORIZED)
    expect(result.data).toMatchObject({ ...verified, expected_amount_paise: 129950 })
  })

  it("refuses a payment for a different amount, saying both amounts", async () => {
    const result = await provider.authorizePayment({ data: await initiatedSession({ ...verified, amount_paise: 100 }) })
    expect(result.status).toBe(PaymentSessionStatus.ERROR)
    expect(result.data?.authorization_error).toBe("Razorpay payment pay_Q1 is for 100 paise, but the cart's payment is 129950 paise.")
  })

  it.each([
    ["razorpay_payment_id", "The Razorpay payment has no razorpay_payment_id."],
    ["razorpay_order_id", "The Razorpay payment has no razorpay_order_id."],
    ["amount_paise", "The Razorpay payment has no amount_paise in whole paise."],
  ])("refuses a payment without %s", async (field, message) => {
    const facts: Record<string, unknown> = { ...verified }
    delete facts[field]
    const result = await provider.authorizePayment({ data: await initiatedSession(facts) })
    expect(result.status).toBe(PaymentSessionStatus.ERROR)
    expect(result.data?.authorization_error).toBe(message)
  })

  it("refuses an amount given in rupees or as a string", async () => {
    for (const amount_paise of [1299.5, "129950"]) {
      const result = await provider.authorizePayment({ data: await initiatedSession({ ...verified, amount_paise }) })
      expect(result.status).toBe(PaymentSessionStatus.ERROR)
    }
  })

  it("compares with Medusa's own amount, not an expected amount the caller slipped into the data", async () => {
    const data = await initiatedSession({ ...verified, amount_paise: 100, expected_amount_paise: 100 })
    expect(data?.expected_amount_paise).toBe(129950)
    expect((await provider.authorizePayment({ data })).status).toBe(PaymentSessionStatus.ERROR)
  })

  it("refuses a session that never went through initiate", async () => {
    const result = await provider.authorizePayment({ data: { ...verified } })
    expect(result.status).toBe(PaymentSessionStatus.ERROR)
  })

  it("takes the new amount when Medusa updates the session", async () => {
    const { data } = await provider.updatePayment({ amount: 10, currency_code: "inr", data: await initiatedSession(verified) })
    expect(data?.expected_amount_paise).toBe(1000)
  })

  it("refuses to start a payment in another currency", async () => {
    await expect(provider.initiatePayment({ amount: 10, currency_code: "usd", data: {} })).rejects.toThrow(/INR/)
  })

  it("records capture, refunds (once per refund id) and cancellation in the payment's data", async () => {
    const authorized = (await provider.authorizePayment({ data: await initiatedSession(verified) })).data
    const captured = (await provider.capturePayment({ data: authorized })).data
    expect(captured?.captured_at).toEqual(expect.any(String))
    expect((await provider.getPaymentStatus({ data: captured })).status).toBe(PaymentSessionStatus.CAPTURED)

    const refunded = (await provider.refundPayment({ data: captured, amount: 500, context: { idempotency_key: "ref_1" } })).data
    const retried = (await provider.refundPayment({ data: refunded, amount: 500, context: { idempotency_key: "ref_1" } })).data
    expect(retried?.refunds).toEqual([{ amount_paise: 50000, refunded_at: expect.any(String), idempotency_key: "ref_1" }])

    const canceled = (await provider.cancelPayment({ data: retried })).data
    expect((await provider.getPaymentStatus({ data: canceled })).status).toBe(PaymentSessionStatus.CANCELED)
  })

  it("reports status from the data: pending until paid, authorized when it matches, error when it does not", async () => {
    expect((await provider.getPaymentStatus({ data: await initiatedSession({}) })).status).toBe(PaymentSessionStatus.PENDING)
    expect((await provider.getPaymentStatus({ data: await initiatedSession(verified) })).status).toBe(PaymentSessionStatus.AUTHORIZED)
    const wrong = await initiatedSession({ ...verified, amount_paise: 1 })
    expect((await provider.getPaymentStatus({ data: wrong })).status).toBe(PaymentSessionStatus.ERROR)
  })

  it("leaves webhooks to the BFF", async () => {
    expect(await provider.getWebhookActionAndData()).toEqual({ action: "not_supported" })
  })
})
