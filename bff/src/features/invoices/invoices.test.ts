import { BUYER_GSTIN_CHECK_FAILED, formatPaise, gstinCheckCharacter, type Order, type Product } from "@fitshop/contracts"
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
  NEW_ADDRESS,
  ordersOf,
  payload,
  startCheckoutApp,
  type CheckoutApp,
  type Shopper,
} from "../../../test/checkout.js"
import { shiprocketSettings } from "../../lib/shiprocket-settings.js"
import { cancelInMedusa } from "../../../test/orders.js"
import { readPdf } from "../../../test/pdf.js"
import { ownCatalogue, staffSession } from "../../../test/staff.js"
import { orderById } from "../orders/index.js"
import type { TaxDocument } from "./document.js"
import { DOCUMENT_LINK_TTL_MS, documentLinks } from "./links.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
/** A ₹1,499 hoodie and a ₹2,999 one under the apparel rule (HSN 6110), and ₹999 jeans whose GST staff set at 18% (HSN 6203). */
let products: Record<"hoodie" | "dearHoodie" | "jeans", Product>

beforeAll(async () => {
  app = await startCheckoutApp()
  catalogue = await ownCatalogue(app.app, "Invoice piece")
  products = {
    hoodie: await catalogue.publish(40, { gstPercent: null }),
    dearHoodie: await catalogue.publish(40, { price: 2999, mrp: 3999, gstPercent: null }),
    jeans: await catalogue.publish(40, {
      price: 999,
      mrp: 1299,
      categoryType: "LOWERS",
      subcategory: "Jeans",
      sleeveType: null,
      collarStyle: null,
      gstPercent: 18,
    }),
  }
})
afterAll(async () => {
  await catalogue.remove(app.app)
  await app.close()
})

const api = () => request(app.app)
const KARNATAKA = { ...NEW_ADDRESS, city: "Bengaluru", state: "Karnataka", postalCode: "560001" }

async function buy(
  mode: "prepaid" | "cod",
  lines: { product: Product; quantity: number }[],
  options: { coins?: number; address?: Record<string, unknown> } = {},
) {
  const buyer = await signedUpUser(app.app, `inv${mode}`)
  if (options.coins) await giveCoins(app, buyer, options.coins)
  for (const { product, quantity } of lines) {
    expect((await api().post("/api/cart").set(bearer(buyer)).send({ productId: product.id, size: "M", quantity })).status).toBe(201)
  }
  const orderId = await checkOut(app, buyer, mode, { coins: Boolean(options.coins), ...(options.address ? { address: options.address } : {}) })
  return { buyer, orderId }
}

async function download(shopper: { accessToken: string }, orderId: string, kind: "invoice" | "credit-note" = "invoice") {
  return api()
    .get(`/api/orders/${orderId}/${kind}`)
    .set(bearer(shopper as Shopper))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => done(null, Buffer.concat(chunks)))
    })
}

async function storedDocuments(orderId: string): Promise<TaxDocument[]> {
  const { rows } = await app.db.query<{ document: TaxDocument }>("select document from bff.tax_documents where order_id = $1 order by issued_at, number", [
    orderId,
  ])
  return rows.map((row) => row.document)
}

/** A business's GSTIN in Karnataka, its check character computed. */
const BUSINESS_GSTIN = `29AAGCB7383J1Z${gstinCheckCharacter("29AAGCB7383J1Z")}`

/** Books the order's parcel with the courier as the dispatch job does (the AWB assigned); answers its AWB. */
async function dispatched(buyer: Shopper, orderId: string): Promise<string> {
  await api().post("/api/fulfillment/shiprocket/dispatch").set(bearer(buyer)).send({ orderId })
  const order = await eventually(app, async () => (await orderById(app.db, orderId))?.trackingId ?? undefined)
  await app.runJobs()
  return order
}

/** Every line adds up (taxable value plus its taxes is what was paid for it) and the lines add up to the order's total. */
function expectAddsUp(document: TaxDocument, total: number) {
  for (const line of document.lines) expect(line.taxableValue + line.cgst + line.sgst + line.igst).toBe(line.total)
  expect(document.lines.reduce((sum, line) => sum + line.total, 0)).toBe(total)
  expect(document.totals.total).toBe(total)
  expect(document.totals.taxableValue + document.totals.cgst + document.totals.sgst + document.totals.igst).toBe(total)
}

// Each case runs a whole order (checkout, the courier, Medusa): on a busy machine that takes longer than the default 30 s.
describe("GST tax invoices", { timeout: 120_000 }, () => {
  it("are issued when a prepaid order is placed: CGST and SGST within Maharashtra, each piece's rate set on its price after Dark Coins", async () => {
    const { buyer, orderId } = await buy(
      "prepaid",
      [
        { product: products.hoodie, quantity: 2 },
        { product: products.dearHoodie, quantity: 1 },
      ],
      { coins: 1000 },
    )
    const order = (await orderById(app.db, orderId))!
    expect(order.total).toBe(589_700)
    const [shown] = await ordersOf(app, buyer)
    expect(shown).toMatchObject({ invoiceUrl: `/api/orders/${orderId}/invoice`, creditNoteUrl: null })

    // Five downloads at once before the issuing job has run: one invoice, one number.
    const downloads = await Promise.all(Array.from({ length: 5 }, () => download(buyer, orderId)))
    expect(downloads.map((response) => response.status)).toEqual([200, 200, 200, 200, 200])
    expect(downloads[0]!.headers["content-type"]).toBe("application/pdf")
    await app.runJobs()
    const [invoice, ...more] = await storedDocuments(orderId)
    expect(more).toEqual([])
    expect(invoice!.number).toMatch(/^BYF\/\d\d-\d\d\/\d{6}$/)
    expect(downloads[0]!.headers["content-disposition"]).toBe(`attachment; filename="invoice-${invoice!.number.replaceAll("/", "-")}.pdf"`)

    // ₹100 of coins shared by value: the ₹1,499 pieces stay at 5%, the ₹2,999 piece is still above ₹2,500, so 18%.
    expect(invoice!.intraState).toBe(true)
    expect(invoice!.lines.map(({ hsn, quantity, rate }) => ({ hsn, quantity, rate }))).toEqual([
      { hsn: "6110", quantity: 2, rate: 5 },
      { hsn: "6110", quantity: 1, rate: 18 },
    ])
    expect(invoice!.lines.every((line) => line.igst === 0 && line.cgst > 0 && line.sgst > 0)).toBe(true)
    expectAddsUp(invoice!, order.total)

    const { text } = await readPdf(downloads[0]!.body as Buffer)
    for (const field of [
      "Tax Invoice",
      "Build Your Fit Retail Private Limited (demo)",
      "27AAFCB1234M1ZP",
      invoice!.number,
      "Asha Verma",
      "14 Linking Road",
      "Place of supply: Maharashtra (27)",
      "6110",
      "CGST",
      "SGST",
      "₹5,897.00",
      "Rupees Five Thousand Eight Hundred Ninety-Seven Only",
    ]) {
      expect(text).toContain(field)
    }
    expect(text).not.toContain("IGST")

    // Cancelled: a credit note reverses the whole invoice, numbered in its own series.
    await cancelInMedusa(app.db, orderId)
    await followMedusa(app, orderId)
    const creditNote = await download(buyer, orderId, "credit-note")
    expect(creditNote.status).toBe(200)
    const [, note] = await storedDocuments(orderId)
    expect(note!.number).toMatch(/^BYC\/\d\d-\d\d\/\d{6}$/)
    expectAddsUp(note!, order.total)
    const noteText = (await readPdf(creditNote.body as Buffer)).text
    expect(noteText).toContain("Credit Note")
    expect(noteText).toContain(`Against invoice ${invoice!.number}`)
    const [ended] = await ordersOf(app, buyer)
    expect(ended).toMatchObject({ status: "CANCELLED", invoiceUrl: `/api/orders/${orderId}/invoice`, creditNoteUrl: `/api/orders/${orderId}/credit-note` })
  })

  it("are issued when a cash-on-delivery parcel is booked, before it leaves: IGST to Karnataka, the staff's rate on the jeans, the COD fee a line of its own, the buyer's GSTIN", async () => {
    const buyer = await signedUpUser(app.app, "invcodgstin")
    for (const product of [products.jeans, products.hoodie]) {
      expect((await api().post("/api/cart").set(bearer(buyer)).send({ productId: product.id, size: "M" })).status).toBe(201)
    }
    const placed = await api()
      .post("/api/checkout")
      .set(bearer(buyer))
      .send({ ...payload("cod", { address: KARNATAKA }), buyerGstin: ` ${BUSINESS_GSTIN.toLowerCase()} ` })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const orderId = placed.body.orderId as string
    // Not booked with the courier yet: no invoice.
    const early = await download(buyer, orderId)
    expect(early.status).toBe(404)
    expect((await ordersOf(app, buyer))[0]).toMatchObject({ invoiceUrl: null })

    await dispatched(buyer, orderId)
    const [booked] = await ordersOf(app, buyer)
    expect(booked).toMatchObject({ status: "PLACED", invoiceUrl: `/api/orders/${orderId}/invoice` })
    const [invoice, ...more] = await storedDocuments(orderId)
    expect(more).toEqual([])
    expect(invoice).toBeDefined()
    expect(invoice!.buyer.gstin).toBe(BUSINESS_GSTIN)
    expect(invoice!.intraState).toBe(false)
    expect(invoice!.placeOfSupply).toEqual({ state: "Karnataka", code: "29" })
    expect(invoice!.lines.map(({ description, hsn, rate }) => ({ description, hsn, rate }))).toEqual([
      { description: `${products.jeans.title} (M)`, hsn: "6203", rate: 18 },
      { description: `${products.hoodie.title} (M)`, hsn: "6110", rate: 5 },
      { description: "Cash on delivery fee", hsn: "996812", rate: 18 },
    ])
    expect(invoice!.lines.every((line) => line.cgst === 0 && line.sgst === 0 && line.igst > 0)).toBe(true)
    expectAddsUp(invoice!, 259_800)

    const response = await download(buyer, orderId)
    expect(response.status).toBe(200)
    const { text } = await readPdf(response.body as Buffer)
    for (const field of [
      "Place of supply: Karnataka (29)",
      "IGST",
      "6203",
      "996812",
      "Cash on delivery fee",
      formatPaise(259_800),
      "1 PCS",
      "Reverse charge: No",
      `Buyer GSTIN: ${BUSINESS_GSTIN}`,
    ])
      expect(text).toContain(field)
    expect(text).not.toContain("CGST")

    // Delivered later: the invoice stays the one issued at dispatch.
    await deliverThroughShiprocket(app, buyer, orderId)
    expect((await storedDocuments(orderId)).map((document) => document.number)).toEqual([invoice!.number])
  })

  it("refuses a buyer's GSTIN whose check character is wrong, naming the mistake", async () => {
    const buyer = await signedUpUser(app.app, "invbadgstin")
    expect((await api().post("/api/cart").set(bearer(buyer)).send({ productId: products.hoodie.id, size: "M" })).status).toBe(201)
    const wrong = BUSINESS_GSTIN.slice(0, 14) + (BUSINESS_GSTIN.endsWith("A") ? "B" : "A")

    const refused = await api()
      .post("/api/checkout")
      .set(bearer(buyer))
      .send({ ...payload("cod"), buyerGstin: wrong })

    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: expect.any(String), message: expect.stringContaining(BUYER_GSTIN_CHECK_FAILED) })
    expect(await ordersOf(app, buyer)).toEqual([])
  })

  it("credit a refused cash-on-delivery parcel back at origin in full, the COD fee too (never collected), and cancel the order", async () => {
    const { buyer, orderId } = await buy("cod", [{ product: products.hoodie, quantity: 1 }], { coins: 500 })
    const trackingId = await dispatched(buyer, orderId)
    const [invoice] = await storedDocuments(orderId)
    expect(invoice!.lines.map((line) => line.description)).toEqual([`${products.hoodie.title} (M)`, "Cash on delivery fee"])

    for (const status of ["RTO INITIATED", "RTO DELIVERED", "RTO DELIVERED"]) {
      const scanned = await api()
        .post("/api/fulfillment/tracking-webhook")
        .set("x-api-key", shiprocketSettings(app.config).webhookToken)
        .send({ awb: trackingId, current_status: status })
      expect(scanned.status).toBe(200)
    }
    await app.runJobs()

    const [shown] = await ordersOf(app, buyer)
    expect(shown).toMatchObject({ status: "CANCELLED", creditNoteUrl: `/api/orders/${orderId}/credit-note` })
    const [, note, ...more] = await storedDocuments(orderId)
    expect(more).toEqual([])
    expect(note).toMatchObject({ kind: "credit_note", cause: "ending", againstInvoice: { number: invoice!.number } })
    expect(note!.lines.map(({ description, quantity, total }) => ({ description, quantity, total }))).toEqual(
      invoice!.lines.map(({ description, quantity, total }) => ({ description, quantity, total })),
    )
    expect(note!.totals).toEqual(invoice!.totals)
    expect((await download(buyer, orderId, "credit-note")).status).toBe(200)
  })

  it("credit a returned cash-on-delivery line's paid value when its refund moved, never the ₹100 fee, while the order goes on", async () => {
    const { buyer, orderId } = await buy(
      "cod",
      [
        { product: products.hoodie, quantity: 1 },
        { product: products.dearHoodie, quantity: 1 },
      ],
      { coins: 1000 },
    )
    await deliverThroughShiprocket(app, buyer, orderId)
    const order = (await ordersOf(app, buyer)).find((candidate) => candidate.id === orderId) as unknown as Order
    const line = order.items[0]!
    const asked = await api()
      .post(`/api/orders/${orderId}/returns`)
      .set(bearer(buyer))
      .send({ lines: [{ lineId: line.id, quantity: 1, reason: "Size too small" }] })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    const returnId = asked.body.id as string
    const { rows } = await eventually(app, async () => {
      const booked = await app.db.query<{ awb: string | null; spent: number }>("select awb, refund_spent_coins as spent from bff.returns where id = $1", [
        returnId,
      ])
      return booked.rows[0]?.awb ? booked : undefined
    })
    for (const status of ["RETURN PICKED UP", "RETURN DELIVERED"]) {
      const moved = await fetch(`${app.origin}/emulator/shiprocket/test/shipments/${rows[0]!.awb!}/status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status }),
      })
      expect(moved.status, await moved.text()).toBe(200)
    }
    const [invoice, note] = await eventually(app, async () => {
      const documents = await storedDocuments(orderId)
      return documents.length === 2 ? documents : undefined
    })

    // The line's value less its share of the Dark Coins, at the invoice's rate; the order goes on, so nothing else is credited.
    const paid = line.unitPrice - rows[0]!.spent * 10
    expect(note).toMatchObject({ kind: "credit_note", cause: `return:${returnId}`, againstInvoice: { number: invoice!.number } })
    expect(note!.lines).toEqual([expect.objectContaining({ description: `${products.hoodie.title} (M)`, quantity: 1, rate: 5, total: paid, invoiceLine: 0 })])
    expect(note!.totals.total).toBe(paid)
    expect(note!.number).toMatch(/^BYC\/\d\d-\d\d\/\d{6}$/)
    const downloaded = await download(buyer, orderId, "credit-note")
    expect(downloaded.status).toBe(200)
    const { text } = await readPdf(downloaded.body as Buffer)
    expect(text).toContain(formatPaise(paid))
    expect(text).not.toContain("Cash on delivery fee")
  })

  it("are the buyer's and staff's only: anyone else's order answers as no order does", async () => {
    const { buyer, orderId } = await buy("prepaid", [{ product: products.hoodie, quantity: 1 }])
    const stranger = await signedUpUser(app.app, "stranger")
    const theirs = await download(stranger, orderId)
    const none = await download(stranger, "order_01NOSUCHORDER0000000000000")
    expect(theirs.status).toBe(404)
    expect(JSON.parse(String(theirs.body))).toEqual(JSON.parse(String(none.body)))
    expect((await download(stranger, orderId, "credit-note")).status).toBe(404)
    expect((await api().get(`/api/orders/${orderId}/invoice`)).status).toBe(401)
    expect((await download(buyer, "not-an-order")).status).toBe(400)

    // E-mailed links: signed for one document of one order, until they expire.
    const links = documentLinks(app.config.AUTH_TOKEN_SECRET)
    const signed = links.signedPath(orderId, "invoice")
    expect((await api().get(signed)).status).toBe(200)
    const expired = documentLinks(app.config.AUTH_TOKEN_SECRET, () => Date.now() - DOCUMENT_LINK_TTL_MS - 1000).signedPath(orderId, "invoice")
    const { orderId: another } = await buy("prepaid", [{ product: products.hoodie, quantity: 1 }])
    for (const forged of [
      signed.replace(/signature=[0-9a-f]/, (prefix) => prefix.slice(0, -1) + (prefix.endsWith("0") ? "1" : "0")),
      signed.replace(orderId, another),
      signed.replace(/expires=\d+/, (expires) => `expires=${String(Number(expires.slice(8)) + 1)}`),
      links.signedPath(orderId, "invoice").replace("/invoice?", "/credit-note?"),
      expired,
    ]) {
      const answer = await api().get(forged)
      expect(answer.status, forged).toBe(404)
      expect(answer.body).toEqual(JSON.parse(String(none.body)))
    }
    expect((await api().get(signed.replace(/&signature=.*/, ""))).status).toBe(400)

    const staff = await staffSession(app.app)
    try {
      const byStaff = await download(staff, orderId)
      expect(byStaff.status).toBe(200)
      expect((await readPdf(byStaff.body as Buffer)).text).toContain("Asha Verma")
    } finally {
      await staff.remove()
    }
  })
})
