import Razorpay from "razorpay"
import { describe, expect, it } from "vitest"
import { loadConfig } from "../config.js"
import { createRazorpayClient, paymentSignature, RazorpayError, verifyPaymentSignature, verifyWebhookSignature } from "./razorpay.js"
import { razorpaySettings } from "./razorpay-settings.js"

// Worked out apart from this code: printf '%s' 'order_…|pay_…' | openssl dgst -sha256 -hmac SECRET
const ORDER_ID = "order_DaZlswtdcn9UNV"
const PAYMENT_ID = "pay_DESlfW9H8K9uqM"
const KEY_SECRET = "EnLs21M47BllR3X8PSFtjtbd"
const SIGNATURE = "60036ba308cb7b615830146936f060bbc2d1dac16fb8ab9a27be48b7aad08990"
const WEBHOOK_BODY = '{"entity":"event","event":"payment.captured"}'
const WEBHOOK_SIGNATURE = "1544a09792b4495a3e66d2ad386cad99412dd2e38924fde16b1ed2a9ba1d14e6"

describe("Razorpay signatures", () => {
  it("signs a payment as HMAC-SHA256 hex of order_id|payment_id with the key secret", () => {
    expect(paymentSignature(ORDER_ID, PAYMENT_ID, KEY_SECRET)).toBe(SIGNATURE)
    expect(verifyPaymentSignature(ORDER_ID, PAYMENT_ID, SIGNATURE, KEY_SECRET)).toBe(true)
  })

  it("refuses a payment signature that is tampered, swapped, truncated or made with another secret", () => {
    expect(verifyPaymentSignature(ORDER_ID, PAYMENT_ID, SIGNATURE.replace(/.$/, "1"), KEY_SECRET)).toBe(false)
    expect(verifyPaymentSignature(PAYMENT_ID, ORDER_ID, SIGNATURE, KEY_SECRET)).toBe(false)
    expect(verifyPaymentSignature(ORDER_ID, PAYMENT_ID, SIGNATURE.slice(0, 32), KEY_SECRET)).toBe(false)
    expect(verifyPaymentSignature(ORDER_ID, PAYMENT_ID, SIGNATURE.toUpperCase(), KEY_SECRET)).toBe(false)
    expect(verifyPaymentSignature(ORDER_ID, PAYMENT_ID, SIGNATURE, `${KEY_SECRET}x`)).toBe(false)
  })

  it("checks a webhook signature over the raw body, as bytes or text, and agrees with the SDK's own check", () => {
    expect(verifyWebhookSignature(WEBHOOK_BODY, WEBHOOK_SIGNATURE, "whsec-test")).toBe(true)
    expect(verifyWebhookSignature(Buffer.from(WEBHOOK_BODY), WEBHOOK_SIGNATURE, "whsec-test")).toBe(true)
    expect(Razorpay.validateWebhookSignature(WEBHOOK_BODY, WEBHOOK_SIGNATURE, "whsec-test")).toBe(true)
    // Re-serialised JSON is not the body that was signed.
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(WEBHOOK_BODY), null, 1), WEBHOOK_SIGNATURE, "whsec-test")).toBe(false)
    expect(verifyWebhookSignature(WEBHOOK_BODY, WEBHOOK_SIGNATURE, "another secret")).toBe(false)
    expect(verifyWebhookSignature(WEBHOOK_BODY, "", "whsec-test")).toBe(false)
  })
})

describe("the Razorpay client", () => {
  it("refuses an id that isn't Razorpay's shape before making any call", async () => {
    // Nothing listens on port 9: a call that went out would fail as NETWORK_ERROR instead.
    const client = createRazorpayClient({ keyId: "rzp_test_x", keySecret: "s", apiUrl: "http://127.0.0.1:9" })
    for (const call of [client.fetchOrder("order_../../v1/payments"), client.fetchPayment("pay_1/refund"), client.fetchOrderPayments("pay_ABC")]) {
      await expect(call).rejects.toMatchObject({ statusCode: 400, code: "BAD_REQUEST_ERROR" })
    }
    await expect(client.refund("order_ABC", { amount: 100, idempotencyKey: "refund-key-1" })).rejects.toBeInstanceOf(RazorpayError)
  })
})

const BASE_ENV = {
  NODE_ENV: "development",
  DATABASE_URL: "postgres://h/db",
  AUTH_TOKEN_SECRET: "a".repeat(32),
  INTERNAL_API_SECRET: "b".repeat(16),
  PUBLIC_URL: "http://localhost:8080/",
}

describe("razorpaySettings", () => {
  it("uses the emulator with keys derived from AUTH_TOKEN_SECRET when no real key is set", () => {
    const settings = razorpaySettings(loadConfig(BASE_ENV))
    expect(settings).toMatchObject({
      emulated: true,
      apiUrl: "http://localhost:8080/emulator/razorpay",
      keyId: "rzp_test_emulator",
      checkoutScriptUrl: "/emulator/razorpay/checkout.js",
      emulatorWebhookUrl: "http://localhost:8080/api/payments/webhook",
    })
    expect(settings.keySecret).toMatch(/^[0-9a-f]{32}$/)
    expect(settings.webhookSecret).toMatch(/^[0-9a-f]{32}$/)
    expect(settings.webhookSecret).not.toBe(settings.keySecret)
    // Stable across restarts, different for another AUTH_TOKEN_SECRET.
    expect(razorpaySettings(loadConfig(BASE_ENV)).keySecret).toBe(settings.keySecret)
    expect(razorpaySettings(loadConfig({ ...BASE_ENV, AUTH_TOKEN_SECRET: "c".repeat(32) })).keySecret).not.toBe(settings.keySecret)
  })

  it("points the emulated client at RAZORPAY_API_URL and signs webhooks with RAZORPAY_WEBHOOK_SECRET when set", () => {
    const settings = razorpaySettings(
      loadConfig({ ...BASE_ENV, RAZORPAY_API_URL: "http://127.0.0.1:4010/emulator/razorpay", RAZORPAY_WEBHOOK_SECRET: "whsec" }),
    )
    expect(settings).toMatchObject({ emulated: true, apiUrl: "http://127.0.0.1:4010/emulator/razorpay", webhookSecret: "whsec" })
  })

  it("uses Razorpay itself with real keys", () => {
    const settings = razorpaySettings(
      loadConfig({ ...BASE_ENV, RAZORPAY_KEY_ID: "rzp_live_AbC123", RAZORPAY_KEY_SECRET: "secret", RAZORPAY_WEBHOOK_SECRET: "whsec" }),
    )
    expect(settings).toEqual({
      emulated: false,
      apiUrl: "https://api.razorpay.com",
      keyId: "rzp_live_AbC123",
      keySecret: "secret",
      webhookSecret: "whsec",
      checkoutScriptUrl: "https://checkout.razorpay.com/v1/checkout.js",
      emulatorWebhookUrl: "http://localhost:8080/api/payments/webhook",
    })
  })
})
