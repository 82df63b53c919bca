import { randomUUID } from "node:crypto"
import { describe, expect, it } from "vitest"
import type { CheckoutLine, OrderRecord } from "../orders/index.js"
import { ORDER_MESSAGE_EVENTS, orderMessage, type OrderMessageFacts } from "./templates.js"

const SITE = "https://shop.example.test"
const XSS_TITLE = `<script>alert(1)</script> & "Tee"`

function lineFixture(overrides: Partial<CheckoutLine> = {}): CheckoutLine {
  return {
    productId: `prod_${randomUUID()}`,
    variantId: `variant_${randomUUID()}`,
    size: "M",
    quantity: 1,
    unitPrice: 129_900,
    title: "Static Shift Tee",
    imageUrl: null,
    refPostId: null,
    ...overrides,
  }
}

/** An order whose figures add up: subtotal from its lines, total = subtotal − discount + COD fee. */
function orderFixture(overrides: Partial<OrderRecord> = {}): OrderRecord {
  const items = overrides.items ?? [lineFixture()]
  const subtotal = items.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  const discount = overrides.discount ?? 0
  const codFee = overrides.codFee ?? 0
  return {
    id: `order_${randomUUID()}`,
    medusaOrderId: null,
    checkoutId: randomUUID(),
    userId: randomUUID(),
    displayId: 1042,
    status: "PAID",
    paymentMethod: "online",
    isTest: false,
    subtotal,
    total: subtotal - discount + codFee,
    shippingAddress: {
      fullName: "Asha Rao",
      phone: "9876543210",
      line1: "12 MG Road",
      line2: "Flat 4B, Lake View Apartments",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "IN",
      email: null,
    },
    shippingProvider: null,
    shiprocketOrderId: null,
    shipmentId: null,
    trackingId: null,
    trackingUrl: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    returnedAt: null,
    estimatedDelivery: null,
    createdAt: new Date("2026-11-27T10:00:00Z"),
    ...overrides,
    items,
    discount,
    codFee,
  }
}

function factsFor(order: OrderRecord, overrides: Partial<OrderMessageFacts> = {}): OrderMessageFacts {
  return { order, name: "Asha", links: { siteUrl: SITE, invoice: null }, estimatedDelivery: null, refund: null, ...overrides }
}

/** Every rupee figure in a part, in the order it shows them. */
const figures = (part: string) => [...part.matchAll(/[-+]?₹[\d,]+\.\d{2}/g)].map((match) => match[0])

/** A COD order bought partly with Dark Coins: a ₹1,29,999.00 line (3 × ₹43,333.00), a tee, ₹500 off and the ₹100 COD fee. */
function codOrderWithCoins(): OrderRecord {
  return orderFixture({
    paymentMethod: "cod",
    status: "PLACED",
    items: [lineFixture({ title: "Static Shift Hoodie", size: "L", quantity: 3, unitPrice: 4_333_300 }), lineFixture({ title: "Logo Cap", size: null })],
    discount: 50_000,
    codFee: 10_000,
  })
}

describe("order placed", () => {
  it("lists every line, the figures with discount and COD fee, the address and the delivery day for a COD order with coins", () => {
    const message = orderMessage("placed", factsFor(codOrderWithCoins(), { estimatedDelivery: "2026-12-01" }))

    expect(message.subject).toBe("Order #1042 confirmed")
    expect(message.text).toMatch(/^Static Shift Hoodie — Size L · Qty 3 +₹1,29,999\.00$/m)
    expect(message.text).toMatch(/^Logo Cap — Qty 1 +₹1,299\.00$/m)
    expect(message.text).toMatch(/^Subtotal +₹1,31,298\.00$/m)
    expect(message.text).toMatch(/^Dark Coins Discount +-₹500\.00$/m)
    expect(message.text).toMatch(/^COD Fee +\+₹100\.00$/m)
    expect(message.text).toMatch(/^Total +₹1,30,898\.00$/m)
    expect(message.text).toContain("Payment: Cash on delivery — pay ₹1,30,898.00 at your doorstep")
    expect(message.text).toContain(
      ["Shipping to:", "Asha Rao", "12 MG Road", "Flat 4B, Lake View Apartments", "Bengaluru, Karnataka 560001", "Phone: 9876543210"].join("\n"),
    )
    expect(message.text).toContain("Delivery by Tuesday, 1 December")
    expect(message.text).not.toContain("We'll e-mail you when it ships.")
  })

  it("shows neither a discount nor a COD fee for a plain prepaid order, and says it will write when the day is unknown", () => {
    const order = orderFixture({ items: [lineFixture({ title: "Static Shift Tee", quantity: 2 })] })
    const message = orderMessage("placed", factsFor(order))

    expect(message.text).toMatch(/^Static Shift Tee — Size M · Qty 2 +₹2,598\.00$/m)
    expect(message.text).toMatch(/^Total +₹2,598\.00$/m)
    expect(message.text).toContain("Payment: Paid online (UPI / Card / Netbanking)")
    expect(message.text).not.toMatch(/Dark Coins|COD Fee|Cash on delivery/)
    expect(message.html).not.toMatch(/Dark Coins|COD Fee|Cash on delivery/)
    expect(message.text).toContain("We'll e-mail you when it ships.")
    expect(message.text).not.toContain("Delivery by")
  })

  it("shows the same figures in the text part and the HTML part", () => {
    const message = orderMessage("placed", factsFor(codOrderWithCoins()))

    expect(figures(message.text)).toEqual(["₹1,29,999.00", "₹1,299.00", "₹1,31,298.00", "-₹500.00", "+₹100.00", "₹1,30,898.00", "₹1,30,898.00"])
    expect(figures(message.html)).toEqual(figures(message.text))
  })

  it("names the order by its id when Medusa gave it no display id", () => {
    const order = orderFixture({ displayId: null })

    expect(orderMessage("placed", factsFor(order)).subject).toBe(`Order #${order.id} confirmed`)
  })
})

describe("order shipped", () => {
  it("gives the courier, the AWB and the tracking link", () => {
    const order = orderFixture({
      status: "SHIPPED",
      shippingProvider: "Delhivery",
      trackingId: "SR1234567890",
      trackingUrl: "https://track.example.test/awb?code=SR1234567890&src=byf",
    })
    const message = orderMessage("shipped", factsFor(order, { estimatedDelivery: "2026-12-03" }))

    expect(message.subject).toBe("Order #1042 shipped")
    expect(message.text).toMatch(/^Courier: +Delhivery$/m)
    expect(message.text).toMatch(/^AWB: +SR1234567890$/m)
    expect(message.text).toContain("Track your parcel:\nhttps://track.example.test/awb?code=SR1234567890&src=byf")
    expect(message.text).toContain("Delivery by Thursday, 3 December")
    expect(message.html).toContain('href="https://track.example.test/awb?code=SR1234567890&amp;src=byf"')
  })
})

describe("order delivered", () => {
  it("links the invoice and one FITFEED post per product bought", () => {
    const hoodie = lineFixture({ title: "Static Shift Hoodie", size: "M" })
    const order = orderFixture({
      status: "DELIVERED",
      items: [hoodie, { ...hoodie, variantId: `variant_${randomUUID()}`, size: "L" }, lineFixture({ title: "Logo Cap", size: null })],
    })
    const invoice = `${SITE}/api/orders/${order.id}/invoice`
    const message = orderMessage("delivered", factsFor(order, { links: { siteUrl: `${SITE}/`, invoice } }))

    expect(message.subject).toBe("Order #1042 delivered")
    expect(message.text).toContain(`Download your invoice:\n${invoice}`)
    expect(message.html).toContain(`href="${invoice}"`)
    expect(message.text).toContain("FITFEED")
    const posts = [...message.text.matchAll(/^ {2}(.*\/fitfeed\?.*)$/gm)].map((match) => match[1])
    expect(posts).toEqual([`${SITE}/fitfeed?intent=create&product=${hoodie.productId}`, `${SITE}/fitfeed?intent=create&product=${order.items[2]!.productId}`])
    expect(message.text).toContain(`- Static Shift Hoodie\n  ${posts[0]}`)
    expect(message.html).toContain(`href="${SITE}/fitfeed?intent=create&amp;product=${hoodie.productId}"`)
  })

  it("leaves the invoice out until there is one", () => {
    const message = orderMessage("delivered", factsFor(orderFixture({ status: "DELIVERED" })))

    expect(message.text).not.toMatch(/invoice/i)
    expect(message.html).not.toMatch(/invoice/i)
  })
})

describe("order cancelled", () => {
  it("says how much goes back to the payment method and how many coins to the wallet", () => {
    const order = orderFixture({ status: "CANCELLED", discount: 20_000 })
    const message = orderMessage("cancelled", factsFor(order, { refund: { payment: 109_900, coins: 2_000 } }))

    expect(message.subject).toBe("Order #1042 cancelled")
    expect(message.text).toContain("₹1,099.00 will be refunded to your original payment method within 5–7 working days.")
    expect(message.text).toContain("2,000 Dark Coins are back in your wallet.")
    expect(message.text).not.toContain("Nothing was charged")
  })

  it("returns only the coins of an unpaid COD order bought with coins", () => {
    const order = orderFixture({ status: "CANCELLED", paymentMethod: "cod", discount: 5_000, codFee: 10_000 })
    const message = orderMessage("cancelled", factsFor(order, { refund: { payment: 0, coins: 500 } }))

    expect(message.text).toContain("500 Dark Coins are back in your wallet.")
    expect(message.text).not.toMatch(/original payment method|Nothing was charged/)
  })

  it("says nothing was charged for an unpaid COD order without coins", () => {
    const order = orderFixture({ status: "CANCELLED", paymentMethod: "cod", codFee: 10_000 })
    const message = orderMessage("cancelled", factsFor(order, { refund: { payment: 0, coins: 0 } }))

    expect(message.text).toContain("Nothing was charged, so there is nothing to refund.")
    expect(message.text).not.toMatch(/original payment method|Dark Coins/)
  })
})

describe("order refunded", () => {
  it("says what was refunded and that banks take 5–7 working days to show it", () => {
    const message = orderMessage("refunded", factsFor(orderFixture({ status: "RETURNED" }), { refund: { payment: 129_900, coins: 0 } }))

    expect(message.subject).toBe("Order #1042 refunded")
    expect(message.text).toContain("We've refunded ₹1,299.00 to your original payment method")
    expect(message.text).toContain("Banks take 5–7 working days to show it")
    expect(message.text).not.toContain("Dark Coins")
  })
})

describe("every order message", () => {
  it.each(ORDER_MESSAGE_EVENTS)("%s: ends with the orders page and the sign-off, in a safe 600px layout", (event) => {
    const order = orderFixture({ items: [lineFixture({ title: XSS_TITLE })], trackingUrl: "https://track.example.test/1", shippingProvider: "Delhivery" })
    const message = orderMessage(event, factsFor(order, { name: null, refund: { payment: order.total, coins: 0 } }))

    expect(message.text.startsWith(`${message.subject}\n\nHi,\n\n`)).toBe(true)
    expect(message.text.endsWith(`See your orders:\n${SITE}/account?tab=orders\n\n— Build Your Fit\n`)).toBe(true)
    expect(message.html).toContain(`href="${SITE}/account?tab=orders"`)
    expect(message.html).toContain("— Build Your Fit")
    expect(message.html).toContain("BUILD YOUR FIT")
    expect(message.html).toContain("max-width:600px")
    expect(message.html).not.toMatch(/<script|<img|<link|@import|url\(/i)
  })

  it("escapes the product title, the name and the address in the HTML part, and keeps them as written in the text part", () => {
    const order = orderFixture({
      items: [lineFixture({ title: XSS_TITLE })],
      shippingAddress: { ...orderFixture().shippingAddress, line1: `<b>12</b> "MG" Road` },
    })
    for (const event of ["placed", "delivered"] as const) {
      const message = orderMessage(event, factsFor(order, { name: "<i>Asha</i>" }))

      expect(message.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Tee&quot;")
      expect(message.html).not.toMatch(/<script|<i>|<b>/)
      expect(message.html).toContain("Hi &lt;i&gt;Asha&lt;/i&gt;,")
      expect(message.text).toContain(XSS_TITLE)
    }
    expect(orderMessage("placed", factsFor(order)).html).toContain("&lt;b&gt;12&lt;/b&gt; &quot;MG&quot; Road")
  })
})
