import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Product } from "@fitshop/contracts"
import { signedUpUser } from "../../../test/accounts.js"
import {
  bearer,
  checkOut,
  deliverThroughShiprocket,
  followMedusa,
  giveCoins,
  startCheckoutApp,
  type CheckoutApp,
  type Shopper,
} from "../../../test/checkout.js"
import { cancelInMedusa } from "../../../test/orders.js"
import { ownCatalogue } from "../../../test/staff.js"
import { enqueueJob } from "../../lib/jobs.js"
import { readOutbox, type OutboxMessage } from "../../lib/mailer.js"
import { orderById } from "../orders/index.js"
import { ORDER_MESSAGE_JOB } from "./index.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
let product: Product

beforeAll(async () => {
  app = await startCheckoutApp()
  catalogue = await ownCatalogue(app.app, "Message tee")
  // ₹1,499 a piece: nine of them make a line of ₹13,491.00, grouped the Indian way.
  product = await catalogue.publish(60)
})
afterAll(async () => {
  await catalogue.remove(app.app)
  await app.close()
})

const api = () => request(app.app)

/** Runs every queue until nothing is due: the main jobs (dispatch, refunds, invoices) and the order messages. */
async function settle() {
  for (;;) {
    const ran = (await app.app.background.jobs.runDue()) + (await app.app.background.messages.runDue())
    if (!ran) return
  }
}

/** A shopper with 1,000 Dark Coins buys `quantity` pieces of size M, spending the coins (₹100 off). */
async function buy(mode: "prepaid" | "cod", quantity: number): Promise<{ buyer: Shopper; orderId: string }> {
  const buyer = await signedUpUser(app.app, `msg${mode}`)
  await giveCoins(app, buyer, 1000)
  expect((await api().post("/api/cart").set(bearer(buyer)).send({ productId: product.id, size: "M", quantity })).status).toBe(201)
  return { buyer, orderId: await checkOut(app, buyer, mode, { coins: true }) }
}

/** The shopper's order mail, oldest first. */
async function orderMail(buyer: Shopper): Promise<OutboxMessage[]> {
  return (await readOutbox(app.db, buyer.email)).filter((mail) => mail.subject.startsWith("Order ")).reverse()
}

/** An amount as the text part prints it on a summary line: "Total   ₹13,491.00". */
function amountOn(mail: OutboxMessage, label: string): string | undefined {
  return new RegExp(`^${label}\\s+([-+]?₹[\\d,]+\\.\\d\\d)$`, "m").exec(mail.text)?.[1]
}

describe("order messages", () => {
  it("tell a cash-on-delivery shopper of each step once, with the order's figures, however often the courier repeats itself", async () => {
    const { buyer, orderId } = await buy("cod", 9)
    const order = (await orderById(app.db, orderId))!
    const number = `#${String(order.displayId)}`
    // Placing the order sends nothing by itself: the message waits in its queue.
    expect(await orderMail(buyer)).toEqual([])
    await settle()

    const [placed] = await orderMail(buyer)
    expect(placed?.subject).toBe(`Order ${number} confirmed`)
    expect(placed!.text).toMatch(new RegExp(`^${product.title} — Size M · Qty 9\\s+₹13,491\\.00$`, "m"))
    expect({
      subtotal: amountOn(placed!, "Subtotal"),
      discount: amountOn(placed!, "Dark Coins Discount"),
      codFee: amountOn(placed!, "COD Fee"),
      total: amountOn(placed!, "Total"),
    }).toEqual({ subtotal: "₹13,491.00", discount: "-₹100.00", codFee: "+₹100.00", total: "₹13,491.00" })
    expect(placed!.text).toContain("Cash on delivery — pay ₹13,491.00 at your doorstep")
    expect(placed!.text).toContain("14 Linking Road")
    expect(placed!.text).toContain("Mumbai, Maharashtra 400050")
    expect(placed!.text).toMatch(/Delivery by \w+day, \d{1,2} \w+/)
    // Both parts say the same; the HTML part escapes what it prints.
    expect(placed!.html).toContain("₹13,491.00")
    expect(placed!.html).not.toContain("<script")

    await deliverThroughShiprocket(app, buyer, orderId)
    await settle()
    // The courier's scan again, and the message job queued again as a repeated event would: nothing more is sent.
    await enqueueJob(app.db, ORDER_MESSAGE_JOB, `${orderId}:delivered`, { orderId, event: "delivered", siteUrl: app.origin })
    await settle()

    const mails = await orderMail(buyer)
    expect(mails.map((mail) => mail.subject)).toEqual([`Order ${number} confirmed`, `Order ${number} shipped`, `Order ${number} delivered`])
    const shipped = (await orderById(app.db, orderId))!
    expect(mails[1]!.text).toMatch(new RegExp(`^AWB:\\s+${String(shipped.trackingId)}$`, "m"))
    expect(mails[1]!.text).toContain(String(shipped.trackingUrl))
    expect(mails[1]!.text).toMatch(new RegExp(`^Courier:\\s+${String(shipped.shippingProvider)}$`, "m"))
    // The invoice's link opens in a mail client's browser, without the shop's session: it is signed for this one document.
    const invoiceLink = new RegExp(`${app.origin}/api/orders/${orderId}/invoice\\?expires=\\d+&signature=[0-9a-f]{64}`).exec(mails[2]!.text)?.[0]
    expect(invoiceLink).toBeDefined()
    const invoice = await fetch(invoiceLink!)
    expect(invoice.status).toBe(200)
    expect(invoice.headers.get("content-type")).toBe("application/pdf")
    expect(mails[2]!.text).toContain(`${app.origin}/fitfeed?intent=create&product=${product.id}`)
  })

  it("tell a shopper who paid online that it was placed and, once cancelled, what comes back and when the refund is issued", async () => {
    const { buyer, orderId } = await buy("prepaid", 2)
    await settle()
    const number = `#${String((await orderById(app.db, orderId))!.displayId)}`
    const [placed] = await orderMail(buyer)
    expect(placed?.subject).toBe(`Order ${number} confirmed`)
    expect(amountOn(placed!, "Total")).toBe("₹2,898.00")
    expect(amountOn(placed!, "COD Fee")).toBeUndefined()
    expect(placed!.text).toContain("Paid online (UPI / Card / Netbanking)")

    await cancelInMedusa(app.db, orderId)
    await followMedusa(app, orderId)
    await settle()
    // Medusa's notice twice: the order ended once, so one message of each.
    await followMedusa(app, orderId)
    await settle()

    const mails = await orderMail(buyer)
    expect(mails.map((mail) => mail.subject)).toEqual([`Order ${number} confirmed`, `Order ${number} cancelled`, `Order ${number} refunded`])
    expect(mails[1]!.text).toContain("₹2,898.00 will be refunded to your original payment method within 5–7 working days.")
    expect(mails[1]!.text).toContain("1,000 Dark Coins are back in your wallet.")
    expect(mails[2]!.text).toContain("We've refunded ₹2,898.00 to your original payment method.")
  })

  it("tell a cash-on-delivery shopper whose order was cancelled that nothing was charged and their coins are back, never before the confirmation", async () => {
    const { buyer, orderId } = await buy("cod", 1)
    // The confirmation's send failed and waits for its retry: the cancellation, though due, waits for it.
    const due = (event: string, when: string) =>
      app.db.query(`update bff.jobs set run_at = ${when} where kind = $1 and key = $2`, [ORDER_MESSAGE_JOB, `${orderId}:${event}`])
    await due("placed", "now() + interval '1 hour'")
    await cancelInMedusa(app.db, orderId)
    await followMedusa(app, orderId)
    await settle()
    expect(await orderMail(buyer)).toEqual([])
    await due("placed", "now()")
    await due("cancelled", "now()")
    await settle()
    const mails = await orderMail(buyer)
    expect(mails.map((mail) => mail.subject.split(" ").pop())).toEqual(["confirmed", "cancelled"])
    expect(mails[1]!.text).toContain("1,000 Dark Coins are back in your wallet.")
    expect(mails[1]!.text).not.toContain("refunded to your original payment method")
  })
})
