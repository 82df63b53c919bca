import { JSDOM, type DOMWindow } from "jsdom"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startRazorpayEmulator, uniqueReceipt, type RazorpayEmulatorServer } from "../../../bff/test/razorpay-emulator.js"
import type { RazorpayCheckoutResult } from "../../../bff/src/lib/razorpay-entities.js"
import { verifyPaymentSignature } from "../../../bff/src/lib/razorpay.js"
import type { PaymentFailure } from "./payments.js"

type CheckoutOptions = Record<string, unknown>
type Checkout = { open(): Checkout; close(): void; on(event: string, callback: (payload: PaymentFailure) => void): Checkout }
type ShopWindow = DOMWindow & { Razorpay: new (options: CheckoutOptions) => Checkout }

let emulator: RazorpayEmulatorServer

beforeAll(async () => {
  emulator = await startRazorpayEmulator()
})
afterAll(() => emulator.close())

/** A shop page (on another origin than the emulator) that loads checkout.js the way the storefront does. */
async function shopPage(): Promise<ShopWindow> {
  const dom = new JSDOM(`<!doctype html><html><body><button>Pay now</button><script src="${emulator.url}/checkout.js"></script></body></html>`, {
    url: "http://shop.test/payments",
    runScripts: "dangerously",
    resources: "usable",
    beforeParse(window) {
      Object.assign(window, { fetch })
    },
  })
  await new Promise((resolve) => dom.window.addEventListener("load", resolve))
  return dom.window as ShopWindow
}

async function checkoutOptions(overrides: CheckoutOptions = {}) {
  const order = await emulator.client.createOrder({ amount: 259900, receipt: uniqueReceipt() })
  return {
    order,
    options: {
      key: emulator.keyId,
      amount: order.amount,
      currency: order.currency,
      order_id: order.id,
      name: "Build Your Fit",
      description: "Checkout • 2 item(s)",
      prefill: { name: "Asha", email: "asha@example.test", contact: "9876543210" },
      theme: { color: "#111111" },
      ...overrides,
    },
  }
}

const dialogOf = (window: ShopWindow) => window.document.querySelector<HTMLElement>('[role="dialog"]')
function button(window: ShopWindow, name: string): HTMLButtonElement {
  const found = [...window.document.querySelectorAll("button")].find((candidate) => candidate.textContent === name)
  if (!found) throw new Error(`no ${name} button`)
  return found
}
async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 5_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe("the Razorpay emulator's checkout script", () => {
  it("is served as JavaScript and names no other host", async () => {
    const response = await fetch(`${emulator.url}/checkout.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/javascript/)
    const script = await response.text()
    expect(script).toContain("window.Razorpay")
    expect(script).not.toMatch(/https?:\/\//)
    expect(script).not.toMatch(/@import|<link|fonts\./)
  })

  it("opens a labelled modal whose Pay hands the handler the three fields, signed as Razorpay signs them", async () => {
    const window = await shopPage()
    const { order, options } = await checkoutOptions()
    const result = new Promise<RazorpayCheckoutResult>((handler) => new window.Razorpay({ ...options, handler }).open())

    const dialog = dialogOf(window)!
    expect(dialog.getAttribute("aria-modal")).toBe("true")
    expect(window.document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe("Build Your Fit")
    expect(dialog.textContent).toContain("₹2,599.00")
    expect(window.document.activeElement).toBe(button(window, "Pay"))
    button(window, "Pay").click()

    const paid = await result
    expect(Object.keys(paid).sort()).toEqual(["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"])
    expect(paid.razorpay_order_id).toBe(order.id)
    expect(verifyPaymentSignature(order.id, paid.razorpay_payment_id, paid.razorpay_signature, emulator.keySecret)).toBe(true)
    expect(dialogOf(window)).toBeNull()
    expect(await emulator.client.fetchPayment(paid.razorpay_payment_id)).toMatchObject({
      status: "captured",
      email: "asha@example.test",
      contact: "9876543210",
    })
    window.close()
  })

  it("emits payment.failed on Fail and keeps the modal open; Cancel then closes it and calls modal.ondismiss", async () => {
    const window = await shopPage()
    const { order, options } = await checkoutOptions()
    let dismissed = 0
    let handled = 0
    const checkout = new window.Razorpay({ ...options, handler: () => handled++, modal: { ondismiss: () => dismissed++ } })
    const failure = new Promise<PaymentFailure>((resolve) => checkout.on("payment.failed", resolve))
    checkout.open()

    button(window, "Fail").click()
    const { error } = await failure
    expect(error).toMatchObject({ code: "BAD_REQUEST_ERROR", description: "Payment failed", metadata: { order_id: order.id } })
    expect(error.metadata.payment_id).toMatch(/^pay_/)
    expect(dialogOf(window)).not.toBeNull()
    expect(await emulator.client.fetchOrder(order.id)).toMatchObject({ status: "attempted" })

    await until(() => !button(window, "Cancel").disabled, "the buttons to be enabled again")
    button(window, "Cancel").click()
    expect(dialogOf(window)).toBeNull()
    expect(dismissed).toBe(1)
    expect(handled).toBe(0)
    window.close()
  })

  it("shows Razorpay's error in the modal when the key is wrong, and pays nothing", async () => {
    const window = await shopPage()
    const { order, options } = await checkoutOptions({ key: "rzp_test_someoneelse" })
    let handled = 0
    new window.Razorpay({ ...options, handler: () => handled++ }).open()
    button(window, "Pay").click()
    const status = () => dialogOf(window)?.querySelector('[role="status"]')?.textContent ?? ""
    await until(() => status().includes("api key"), "the error in the modal")
    expect(handled).toBe(0)
    expect(await emulator.client.fetchOrder(order.id)).toMatchObject({ status: "created", attempts: 0 })
    window.close()
  })

  it("answers the modal's calls from another origin without credentials (CORS), with the public key only", async () => {
    const preflight = await request(emulator.url).options("/checkout/orders/order_AAAAAAAAAAAAAA/pay").set("Origin", "http://localhost:5173")
    expect(preflight.status).toBe(204)
    expect(preflight.headers["access-control-allow-origin"]).toBe("*")
    const { order } = await checkoutOptions()
    const paid = await request(emulator.url).post(`/checkout/orders/${order.id}/pay`).send({ key: emulator.keyId })
    expect(paid.status).toBe(200)
    expect(verifyPaymentSignature(order.id, paid.body.razorpay_payment_id, paid.body.razorpay_signature, emulator.keySecret)).toBe(true)
    const keyless = await request(emulator.url).post(`/checkout/orders/${order.id}/pay`).send({})
    expect(keyless.status).toBe(400)
  })
})
