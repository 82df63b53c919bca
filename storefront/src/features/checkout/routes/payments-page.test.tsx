import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { BRAND_NAME } from "@/config/brand"
import { buildAddress } from "@/testing/address-factory"
import { buildCart, buildCartItem, buildSizelessCartItem } from "@/testing/cart-factory"
import { deferred } from "@/testing/deferred"
import { answerRoutes, callsTo, errorResponse, jsonResponse, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { currentLocation, renderAppSignedIn } from "@/testing/test-utils"
import type { Address } from "@/types/address"
import type { Bag } from "@fitshop/contracts"
import type { PaymentsConfig } from "../api/get-payments-config"
import type { PaymentOrder } from "../api/create-payment-order"
import type { RazorpayOptions, RazorpayPaymentFailure, RazorpayPaymentResult } from "../utils/razorpay"

const SCRIPT_URL = "/emulator/razorpay/checkout.js"

const buildConfig = (overrides: Partial<PaymentsConfig> = {}): PaymentsConfig => ({
  key: "rzp_test_key",
  checkoutScriptUrl: SCRIPT_URL,
  liveTestAvailable: false,
  codFeePaise: 10000,
  ...overrides,
})

const buildPaymentOrder = (overrides: Partial<PaymentOrder> = {}): PaymentOrder => ({
  key: "rzp_test_key",
  orderId: "order_rzp_1",
  amount: 249800,
  currency: "INR",
  customer: { name: "Asha Rao", email: "asha@example.test", contact: "9876543210" },
  receipt: "rcpt_1",
  internalOrderId: "order_internal_1",
  liveTest: false,
  ...overrides,
})

const createOrderRoute = (order: Partial<PaymentOrder> = {}): ApiRoute => ({
  method: "POST",
  path: "/api/payments/create-order",
  answer: () => jsonResponse(buildPaymentOrder(order), 201),
})

const PAID: RazorpayPaymentResult = {
  razorpay_payment_id: "pay_1",
  razorpay_order_id: "order_rzp_1",
  razorpay_signature: "signature_1",
}

type CheckoutSetup = {
  cart?: Bag
  addresses?: () => Address[] | Promise<Address[]>
  config?: PaymentsConfig
  /** Answered before the defaults, so a test can replace one. */
  routes?: ApiRoute[]
}

/** A signed-in shopper on /payments; the bag, saved addresses and payment settings answer as given. */
function openCheckout({ cart = buildCart([buildCartItem()]), addresses = () => [], config = buildConfig(), routes = [] }: CheckoutSetup = {}) {
  return renderAppSignedIn(
    "/payments",
    answerRoutes([
      ...routes,
      { method: "GET", path: "/api/cart", answer: () => jsonResponse(cart) },
      { method: "GET", path: "/api/addresses", answer: async () => jsonResponse({ addresses: await addresses() }) },
      { method: "GET", path: "/api/payments/config", answer: () => jsonResponse(config) },
      { method: "POST", path: "/api/fulfillment/shiprocket/dispatch", answer: () => errorResponse("Courier down", 502) },
    ]),
  )
}

/** openCheckout for a shopper with one saved default address, once that address is on screen. */
async function openCheckoutWithAddress(setup: CheckoutSetup = {}) {
  const fetchMock = openCheckout({ addresses: () => [buildAddress({ isDefault: true })], ...setup })
  await screen.findByRole("radio", { name: /Test Shopper/ })
  return fetchMock
}

/** A stand-in for the gateway's checkout script: records each checkout so a test can pay, fail or cancel it. */
function installGateway() {
  type FailureListener = (failure: RazorpayPaymentFailure) => void
  const checkouts: { options: RazorpayOptions; opened: boolean; failed: FailureListener[] }[] = []
  window.Razorpay = class {
    private readonly checkout
    constructor(options: RazorpayOptions) {
      this.checkout = { options, opened: false, failed: [] as FailureListener[] }
      checkouts.push(this.checkout)
    }
    open() {
      this.checkout.opened = true
    }
    on(_event: "payment.failed", listener: FailureListener) {
      this.checkout.failed.push(listener)
    }
  }
  return {
    /** The checkout the page opened, once it has. */
    opened: async () => {
      await waitFor(() => {
        expect(checkouts.at(-1)?.opened).toBe(true)
      })
      return checkouts.at(-1)!
    },
    count: () => checkouts.length,
  }
}

afterEach(() => {
  delete window.Razorpay
  for (const script of document.head.querySelectorAll("script[src]")) script.remove()
})

/** The amount the order summary shows beside `term`, or null. */
function summaryValue(term: string): string | null {
  const summary = screen.getByRole("region", { name: "Order Summary" })
  return within(summary).queryByText(term, { selector: "dt" })?.nextElementSibling?.textContent ?? null
}

const fill = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

const dialog = (name: string) => screen.findByRole("dialog", { name })

const payNow = async () => {
  fireEvent.click(await screen.findByRole("button", { name: "PAY NOW" }))
}

const pageAlert = () => within(screen.getByRole("region", { name: "Order Summary" })).findByRole("alert")

describe("/payments states", () => {
  it("shows the loading skeleton until the bag and payment settings are in", async () => {
    const cart = deferred<Response>()
    openCheckout({ routes: [{ method: "GET", path: "/api/cart", answer: () => cart.promise }] })

    expect(await screen.findByRole("status", { name: "Loading checkout" })).toBeInTheDocument()
    cart.resolve(jsonResponse(buildCart([buildCartItem()])))
    expect(await screen.findByRole("region", { name: "Order Summary" })).toBeInTheDocument()
    expect(screen.queryByRole("status", { name: "Loading checkout" })).toBeNull()
  })

  it("shows 'Oops' with the server's text when the bag cannot be loaded", async () => {
    openCheckout({
      routes: [{ method: "GET", path: "/api/cart", answer: () => errorResponse("Database unavailable", 500) }],
    })

    const card = await screen.findByRole("alert")
    expect(within(card).getByRole("heading", { name: "Oops" })).toBeInTheDocument()
    expect(card).toHaveTextContent("Database unavailable")
  })

  it("falls back to 'Failed to load cart' when the server gave no text", async () => {
    openCheckout({ routes: [{ method: "GET", path: "/api/cart", answer: () => new Response("", { status: 500 }) }] })

    const card = await screen.findByRole("alert")
    expect(card).toHaveTextContent(/^OopsFailed to load cart$/)
  })

  it("asks the shopper to sign in when the bag call answers 401", async () => {
    openCheckout({ routes: [{ method: "GET", path: "/api/cart", answer: () => errorResponse("Unauthorized", 401) }] })

    expect(await screen.findByRole("heading", { name: "Sign in required" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Go to Login" })).toBeInTheDocument()
    expect(screen.queryByRole("button", { name: "PAY NOW" })).toBeNull()
  })

  it("lays out the method, the address, the items and the summary", async () => {
    const hoodie = buildCartItem({ product: { title: "Static Shift Hoodie" }, unitPrice: 129900, quantity: 2, size: "L" })
    const cap = buildCartItem({ product: { title: "Plain Cap", images: [], imageUrl: null }, unitPrice: 49950 })
    openCheckout({ cart: buildCart([hoodie, cap]) })

    expect(await screen.findByRole("heading", { name: "Choose Payment Method" })).toBeInTheDocument()
    const online = screen.getByRole("radio", { name: "Online" })
    expect(online).toBeChecked()
    expect(online).toHaveAccessibleDescription("UPI / Card / Netbanking Fast & secure — pay now")
    expect(screen.getByRole("radio", { name: "Cash on Delivery" })).toHaveAccessibleDescription("Pay at your doorstep (+₹100 COD fee)")
    expect(screen.getByRole("link", { name: "Back to Cart" })).toHaveAttribute("href", "/cart")
    expect(screen.getByRole("heading", { name: "Shipping Address" })).toBeInTheDocument()

    const items = screen.getByRole("list", { name: "Items" })
    const hoodieLine = within(items).getByRole("listitem", { name: "Static Shift Hoodie" })
    expect(hoodieLine).toHaveTextContent("₹2,598.00")
    expect(hoodieLine).toHaveTextContent("₹1,299.00 × 2")
    expect(hoodieLine).toHaveTextContent("Size L")
    expect(within(hoodieLine).getByRole("img")).toHaveAttribute("alt", "Static Shift Hoodie")
    const capLine = within(items).getByRole("listitem", { name: "Plain Cap" })
    expect(capLine).toHaveTextContent("No Image")
    expect(capLine).toHaveTextContent("₹499.50 × 1")

    expect(summaryValue("Subtotal")).toBe("₹3,097.50")
    expect(summaryValue("Dark Coins Discount")).toBeNull()
    expect(summaryValue("COD Fee")).toBeNull()
    expect(summaryValue("Total")).toBe("₹3,097.50")
    expect(screen.getByRole("button", { name: "PAY NOW" })).toBeEnabled()
    expect(screen.queryByRole("button", { name: "PAY ₹1 (LIVE TEST)" })).toBeNull()
    expect(screen.queryByRole("button", { name: "PLACE COD ORDER" })).toBeNull()
    expect(screen.getByRole("link", { name: "BACK TO CART" })).toHaveAttribute("href", "/cart")
    expect(screen.getByText("Prices include all taxes. Items and availability are not reserved until checkout is completed.")).toBeInTheDocument()
    expect(screen.queryByText("Please select size for all items in your cart before paying.")).toBeNull()
  })
})

describe("/payments shipping address", () => {
  it("lists the saved addresses with the default chosen, and pays for the one picked", async () => {
    const home = buildAddress({ label: "Home", fullName: "Asha Rao", line2: "Near the metro", isDefault: true })
    const office = buildAddress({ label: "Office", fullName: "Asha at Work", city: "Pune", postalCode: "411001" })
    const gateway = installGateway()
    const fetchMock = openCheckout({
      addresses: () => [home, office],
      routes: [createOrderRoute()],
    })

    const homeOption = await screen.findByRole("radio", { name: /Asha Rao/ })
    expect(homeOption).toBeChecked()
    expect(screen.getByRole("button", { name: "Choose Saved" })).toHaveAttribute("aria-pressed", "true")
    const homeCard = homeOption.closest("label")!
    expect(within(homeCard).getByText("Default")).toBeInTheDocument()
    for (const text of ["Asha Rao", "9876543210", home.line1, "Near the metro", "Bengaluru, Karnataka, 560001", "India"]) {
      expect(homeCard).toHaveTextContent(text)
    }
    const officeOption = screen.getByRole("radio", { name: /Asha at Work/ })
    expect(officeOption).not.toBeChecked()
    expect(within(officeOption.closest("label")!).queryByText("Default")).toBeNull()

    fireEvent.click(officeOption)
    await payNow()

    await gateway.opened()
    expect(sentBody(fetchMock, "POST", "/api/payments/create-order")).toMatchObject({
      shippingAddressSnapshot: { id: office.id },
    })
  })

  it("promises a delivery day for the chosen address, and says so when its pincode has no cash on delivery", async () => {
    const home = buildAddress({ fullName: "Asha Rao", postalCode: "560001", isDefault: true })
    const office = buildAddress({ fullName: "Asha at Work", postalCode: "411001" })
    openCheckout({
      addresses: () => [home, office],
      routes: [
        {
          method: "GET",
          path: "/api/serviceability",
          answer: (url) => {
            const pincode = url.searchParams.get("pincode")
            return jsonResponse({ pincode, deliverable: true, codAvailable: pincode === "560001", estimatedDelivery: "2026-12-03", city: null, state: null })
          },
        },
      ],
    })
    expect(await screen.findByText("Delivery by Thu, 3 Dec")).toBeInTheDocument()
    expect(screen.getByText("Cash on delivery available (+₹100.00 COD fee)")).toBeInTheDocument()

    fireEvent.click(screen.getByRole("radio", { name: /Asha at Work/ }))
    expect(await screen.findByText("Cash on delivery not available for 411001")).toBeInTheDocument()
  })

  it("says 'Loading addresses…' while the saved addresses load", async () => {
    const addresses = deferred<Address[]>()
    openCheckout({ addresses: () => addresses.promise })

    expect(await screen.findByText("Loading addresses…")).toBeInTheDocument()
    addresses.resolve([buildAddress({ isDefault: true })])
    expect(await screen.findByRole("radio", { name: /Test Shopper/ })).toBeChecked()
  })

  it("without saved addresses, asks for one, then checks the new address and sends it", async () => {
    const fetchMock = openCheckout({
      routes: [
        {
          method: "POST",
          path: "/api/checkout",
          answer: () => jsonResponse({ ok: true, orderId: "order_cod_1", order: {} }, 201),
        },
      ],
    })

    expect(await screen.findByText("No addresses yet. Add one in the “Add New” tab.")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Choose Saved" })).toBeDisabled()
    fireEvent.click(screen.getByRole("radio", { name: "Cash on Delivery" }))
    fireEvent.click(screen.getByRole("button", { name: "PLACE COD ORDER" }))
    expect(await pageAlert()).toHaveTextContent(/^Please select a shipping address first\.$/)

    fireEvent.click(screen.getByRole("button", { name: "Add New" }))
    expect(screen.queryByLabelText("Label")).toBeNull()
    expect(screen.queryByLabelText("Country")).toBeNull()
    fill("Address line 1", "12 MG Road")
    fireEvent.click(screen.getByRole("button", { name: "PLACE COD ORDER" }))

    expect(await pageAlert()).toHaveTextContent(/^Please fill all required address fields\.$/)
    expect(screen.getByLabelText("Full name")).toHaveAttribute("aria-invalid", "true")
    expect(screen.getByLabelText("Phone")).toHaveAttribute("aria-invalid", "true")
    expect(screen.getByLabelText("Address line 1")).not.toHaveAttribute("aria-invalid")
    expect(screen.getByLabelText("Email (optional)")).not.toBeRequired()
    expect(callsTo(fetchMock, "POST", "/api/checkout")).toHaveLength(0)

    fill("Full name", " Asha Rao ")
    fill("Phone", "9876543210")
    fill("City", "Bengaluru")
    fill("State", "Karnataka")
    fill("Pincode", "560001")
    fill("Email (optional)", "asha@example.test")
    fireEvent.click(screen.getByLabelText("Save this address to my account"))
    fireEvent.click(screen.getByRole("button", { name: "PLACE COD ORDER" }))

    await dialog("Success")
    expect(sentBody(fetchMock, "POST", "/api/checkout")).toMatchObject({
      shippingAddressSnapshot: {
        fullName: "Asha Rao",
        phone: "9876543210",
        line1: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        postalCode: "560001",
        country: "India",
        email: "asha@example.test",
        save: true,
      },
    })
  })

  it("says 'Your cart is empty.' when there is nothing to pay for", async () => {
    const fetchMock = await openCheckoutWithAddress({ cart: buildCart([]) })

    await payNow()

    expect(await pageAlert()).toHaveTextContent(/^Your cart is empty\.$/)
    expect(callsTo(fetchMock, "POST", "/api/payments/create-order")).toHaveLength(0)
  })
})

describe("/payments sizes and totals", () => {
  it("flags a line without a size and holds payment until it has one", async () => {
    const sizeless = buildSizelessCartItem({ product: { title: "Sizeless Tee" } })
    const fetchMock = openCheckout({
      cart: buildCart([sizeless, buildCartItem()]),
      addresses: () => [buildAddress({ isDefault: true })],
    })

    const line = await screen.findByRole("listitem", { name: "Sizeless Tee" })
    expect(line).toHaveTextContent("size required — go back to cart to select")
    expect(line).toHaveClass("checkout-item--flagged")
    expect(screen.getByText("Please select size for all items in your cart before paying.")).toBeInTheDocument()
    const pay = screen.getByRole("button", { name: "PAY NOW" })
    expect(pay).toBeDisabled()
    fireEvent.click(pay)
    fireEvent.click(screen.getByRole("radio", { name: "Cash on Delivery" }))
    expect(screen.getByRole("button", { name: "PLACE COD ORDER" })).toBeDisabled()
    expect(callsTo(fetchMock, "POST", "/api/payments/create-order")).toHaveLength(0)
    expect(callsTo(fetchMock, "POST", "/api/checkout")).toHaveLength(0)
  })

  it("takes off the server's Dark Coins discount when applied in the bag, and adds the COD fee", async () => {
    window.sessionStorage.setItem("checkout_dark_coins", JSON.stringify({ applied: true, coins: 2000 }))
    const cart = buildCart([buildCartItem({ unitPrice: 129950, quantity: 2 })], {
      darkCoins: 2500,
      usableDiscount: 20000,
      coinsToSpend: 2000,
    })
    openCheckout({ cart })

    await screen.findByRole("region", { name: "Order Summary" })
    expect(summaryValue("Subtotal")).toBe("₹2,599.00")
    expect(summaryValue("Dark Coins Discount")).toBe("-₹200.00")
    expect(summaryValue("COD Fee")).toBeNull()
    expect(summaryValue("Total")).toBe("₹2,399.00")

    fireEvent.click(screen.getByRole("radio", { name: "Cash on Delivery" }))

    expect(summaryValue("COD Fee")).toBe("+₹100.00")
    expect(summaryValue("Total")).toBe("₹2,499.00")
  })

  it("takes nothing off when the shopper did not apply coins in the bag", async () => {
    const coins = { darkCoins: 2500, usableDiscount: 20000, coinsToSpend: 2000 }
    openCheckout({ cart: buildCart([buildCartItem({ unitPrice: 129900 })], coins) })

    await screen.findByRole("region", { name: "Order Summary" })
    expect(summaryValue("Dark Coins Discount")).toBeNull()
    expect(summaryValue("Total")).toBe("₹1,299.00")
  })
})

describe("/payments online payment", () => {
  it("opens the gateway with the server order, verifies the payment, reloads the bag and asks for the courier", async () => {
    window.sessionStorage.setItem("checkout_dark_coins", JSON.stringify({ applied: true, coins: 2000 }))
    const address = buildAddress({ isDefault: true })
    const coins = { usableDiscount: 20000, coinsToSpend: 2000 }
    const cart = buildCart([buildCartItem({ quantity: 2 }), buildCartItem()], coins)
    const verify = deferred<Response>()
    const gateway = installGateway()
    const fetchMock = await openCheckoutWithAddress({
      cart,
      addresses: () => [address],
      routes: [createOrderRoute(), { method: "POST", path: "/api/payments/verify", answer: () => verify.promise }],
    })

    await payNow()

    const checkout = await gateway.opened()
    expect(sentBody(fetchMock, "POST", "/api/payments/create-order")).toEqual({
      shippingAddressSnapshot: { id: address.id },
      payment: { gateway: "razorpay", mode: "prepaid" },
      darkCoins: { applied: true, coins: 2000 },
      charges: { codFeePaise: 0 },
    })
    expect(checkout.options).toMatchObject({
      key: "rzp_test_key",
      amount: 249800,
      currency: "INR",
      order_id: "order_rzp_1",
      name: BRAND_NAME,
      description: "Checkout • 2 item(s)",
      prefill: { name: "Asha Rao", email: "asha@example.test", contact: "9876543210" },
    })
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(screen.getByRole("button", { name: "PAY NOW" })).toBeDisabled()

    const cartLoads = callsTo(fetchMock, "GET", "/api/cart").length
    checkout.options.handler(PAID)

    expect(await dialog("Please wait")).toHaveTextContent("Verifying payment…")
    expect(sentBody(fetchMock, "POST", "/api/payments/verify")).toEqual(PAID)
    verify.resolve(jsonResponse({ ok: true, orderId: "order_internal_1" }))

    expect(await dialog("Success")).toHaveTextContent("Payment successful. Order placed!")
    await waitFor(() => {
      expect(callsTo(fetchMock, "GET", "/api/cart").length).toBeGreaterThan(cartLoads)
    })
    await waitFor(() => {
      expect(sentBody(fetchMock, "POST", "/api/fulfillment/shiprocket/dispatch")).toEqual({ orderId: "order_internal_1" })
    })
    expect(JSON.parse(window.sessionStorage.getItem("checkout_dark_coins") ?? "null")).toEqual({ applied: false, coins: 0 })

    fireEvent.click(screen.getByRole("button", { name: "OK" }))
    expect(currentLocation()).toBe("/shop")
  })

  it("shows 'Creating order…' while the server opens the gateway order", async () => {
    const order = deferred<Response>()
    installGateway()
    await openCheckoutWithAddress({
      routes: [{ method: "POST", path: "/api/payments/create-order", answer: () => order.promise }],
    })

    await payNow()

    expect(await dialog("Please wait")).toHaveTextContent("Creating order…")
    order.resolve(jsonResponse(buildPaymentOrder(), 201))
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull()
    })
  })

  it("goes back to the page with 'Payment cancelled.' when the shopper closes the gateway, and gives the held units back", async () => {
    const gateway = installGateway()
    const fetchMock = await openCheckoutWithAddress({
      routes: [createOrderRoute(), { method: "POST", path: "/api/payments/cancel", answer: () => jsonResponse({ ok: true, released: true }) }],
    })
    await payNow()

    ;(await gateway.opened()).options.modal.ondismiss()

    expect(await pageAlert()).toHaveTextContent(/^Payment cancelled\.$/)
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(screen.getByRole("button", { name: "PAY NOW" })).toBeEnabled()
    expect(sentBody(fetchMock, "POST", "/api/payments/cancel")).toEqual({ razorpay_order_id: "order_rzp_1" })
  })

  it("shows the server's text when verification fails, else 'Payment verification failed.'", async () => {
    let verifyAnswer = errorResponse("Payment signature mismatch", 400)
    const gateway = installGateway()
    await openCheckoutWithAddress({
      routes: [createOrderRoute(), { method: "POST", path: "/api/payments/verify", answer: () => verifyAnswer }],
    })
    await payNow()
    ;(await gateway.opened()).options.handler(PAID)

    expect(await dialog("Something went wrong")).toHaveTextContent("Payment signature mismatch")
    fireEvent.click(screen.getByRole("button", { name: "CLOSE" }))
    expect(screen.queryByRole("dialog")).toBeNull()

    verifyAnswer = new Response("", { status: 503 })
    await payNow()
    ;(await gateway.opened()).options.handler(PAID)
    expect(await dialog("Something went wrong")).toHaveTextContent("Payment verification failed.")
  })

  it("shows the server message as the outcome when the order is still being placed (202)", async () => {
    const gateway = installGateway()
    const fetchMock = await openCheckoutWithAddress({
      routes: [
        createOrderRoute(),
        {
          method: "POST",
          path: "/api/payments/verify",
          answer: () => jsonResponse({ ok: false, pending: true, message: "Payment received. Your order is being placed." }, 202),
        },
      ],
    })
    await payNow()
    ;(await gateway.opened()).options.handler(PAID)

    expect(await dialog("Success")).toHaveTextContent("Payment received. Your order is being placed.")
    expect(screen.getByRole("button", { name: "OK" })).toBeInTheDocument()
    expect(callsTo(fetchMock, "POST", "/api/fulfillment/shiprocket/dispatch")).toHaveLength(0)
  })

  it("shows the gateway's description of a failed payment, and keeps it when the gateway is then closed", async () => {
    const gateway = installGateway()
    await openCheckoutWithAddress({ routes: [createOrderRoute()] })
    await payNow()
    const checkout = await gateway.opened()

    for (const listener of checkout.failed) listener({ error: { description: "Your card was declined." } })

    expect(await dialog("Something went wrong")).toHaveTextContent("Your card was declined.")
    checkout.options.modal.ondismiss()
    expect(await dialog("Something went wrong")).toHaveTextContent("Your card was declined.")
    expect(screen.queryByText("Payment cancelled.")).toBeNull()
  })

  it("loads the gateway script once on demand, and says 'Failed to load Razorpay script' when it fails", async () => {
    const fetchMock = await openCheckoutWithAddress()
    expect(document.head.querySelector(`script[src="${SCRIPT_URL}"]`)).toBeNull()

    await payNow()

    expect(await dialog("Please wait")).toHaveTextContent("Loading payment gateway…")
    const scripts = document.head.querySelectorAll(`script[src="${SCRIPT_URL}"]`)
    expect(scripts).toHaveLength(1)
    fireEvent.error(scripts[0]!)

    expect(await dialog("Something went wrong")).toHaveTextContent("Failed to load Razorpay script")
    expect(callsTo(fetchMock, "POST", "/api/payments/create-order")).toHaveLength(0)
    expect(document.head.querySelector(`script[src="${SCRIPT_URL}"]`)).toBeNull()
  })

  it("says 'Could not load payment gateway.' when the script loads but defines no gateway", async () => {
    await openCheckoutWithAddress()
    await payNow()
    await dialog("Please wait")

    fireEvent.load(document.head.querySelector(`script[src="${SCRIPT_URL}"]`)!)

    expect(await dialog("Something went wrong")).toHaveTextContent("Could not load payment gateway.")
  })

  it("says 'Could not start payment.' when the server order has no amount to charge", async () => {
    const gateway = installGateway()
    await openCheckoutWithAddress({ routes: [createOrderRoute({ amount: 0 })] })
    await payNow()

    expect(await dialog("Something went wrong")).toHaveTextContent("Could not start payment.")
    expect(gateway.count()).toBe(0)
  })

  it("shows the server's text when the order cannot be created, else 'Unable to continue to payment.'", async () => {
    let answer = errorResponse("Only 1 left in size M", 409)
    installGateway()
    await openCheckoutWithAddress({
      routes: [{ method: "POST", path: "/api/payments/create-order", answer: () => answer }],
    })
    await payNow()
    expect(await dialog("Something went wrong")).toHaveTextContent("Only 1 left in size M")
    fireEvent.click(screen.getByRole("button", { name: "CLOSE" }))

    answer = new Response("", { status: 502 })
    await payNow()
    expect(await dialog("Something went wrong")).toHaveTextContent("Unable to continue to payment.")
  })

  it("offers the ₹1 live test only when the server allows it, and marks the order as one", async () => {
    const gateway = installGateway()
    const fetchMock = await openCheckoutWithAddress({
      config: buildConfig({ liveTestAvailable: true }),
      routes: [createOrderRoute({ amount: 100 })],
    })

    fireEvent.click(screen.getByRole("button", { name: "PAY ₹1 (LIVE TEST)" }))

    const checkout = await gateway.opened()
    expect(sentBody(fetchMock, "POST", "/api/payments/create-order")).toMatchObject({ liveTest: true })
    expect(checkout.options).toMatchObject({ amount: 100, description: "₹1 live test payment" })
  })
})

describe("/payments cash on delivery", () => {
  it("places the order with the COD fee and asks for the courier", async () => {
    const address = buildAddress({ isDefault: true })
    const placed = deferred<Response>()
    const fetchMock = await openCheckoutWithAddress({
      addresses: () => [address],
      routes: [{ method: "POST", path: "/api/checkout", answer: () => placed.promise }],
    })
    fireEvent.click(screen.getByRole("radio", { name: "Cash on Delivery" }))
    expect(screen.queryByRole("button", { name: "PAY NOW" })).toBeNull()

    fireEvent.click(screen.getByRole("button", { name: "PLACE COD ORDER" }))

    expect(await dialog("Please wait")).toHaveTextContent("Creating order…")
    expect(sentBody(fetchMock, "POST", "/api/checkout")).toEqual({
      shippingAddressSnapshot: { id: address.id },
      payment: { gateway: "cod", mode: "cod" },
      darkCoins: { applied: false, coins: 0 },
      charges: { codFeePaise: 10000 },
    })
    placed.resolve(jsonResponse({ ok: true, orderId: "order_cod_7", order: {} }, 201))

    expect(await dialog("Success")).toHaveTextContent("COD order placed. Please pay the courier on delivery.")
    await waitFor(() => {
      expect(sentBody(fetchMock, "POST", "/api/fulfillment/shiprocket/dispatch")).toEqual({ orderId: "order_cod_7" })
    })
    expect(callsTo(fetchMock, "POST", "/api/payments/create-order")).toHaveLength(0)
  })

  it("shows the server's text when the COD order fails, else 'Unable to place COD order.'", async () => {
    let answer = errorResponse("Cash on delivery is not available for this pincode", 400)
    await openCheckoutWithAddress({ routes: [{ method: "POST", path: "/api/checkout", answer: () => answer }] })
    fireEvent.click(screen.getByRole("radio", { name: "Cash on Delivery" }))
    fireEvent.click(screen.getByRole("button", { name: "PLACE COD ORDER" }))

    expect(await dialog("Something went wrong")).toHaveTextContent("Cash on delivery is not available for this pincode")
    fireEvent.click(screen.getByRole("button", { name: "CLOSE" }))

    answer = new Response("", { status: 500 })
    fireEvent.click(screen.getByRole("button", { name: "PLACE COD ORDER" }))
    expect(await dialog("Something went wrong")).toHaveTextContent("Unable to place COD order.")
  })
})
