import { formatPaise, type Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import {
  bearer,
  checkOut,
  deliverThroughShiprocket,
  followMedusa,
  giveCoins,
  NEW_ADDRESS,
  ordersOf,
  startCheckoutApp,
  type CheckoutApp,
  type Shopper,
} from "../../../test/checkout.js"
import { cancelInMedusa } from "../../../test/orders.js"
import { readPdf } from "../../../test/pdf.js"
import { ownCatalogue, staffSession } from "../../../test/staff.js"
import { orderById } from "../orders/index.js"
import type { TaxDocument } from "./document.js"
import { DOCUMENT_LINK_TTL_MS, documentLinks } from "./links.js"

let app: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
/** A ₹1,499 hoodie and a ₹2,999 one under the apparel rule (HSN 6110), and ₹999 jeans whose GST staff set at 12% (HSN 6203). */
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
      gstPercent: 12,
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
  const { rows } = await app.db.query<{ document: TaxDocument }>("select document from bff.tax_documents where order_id = $1 order by issued_at", [orderId])
  return rows.map((row) => row.document)
}

/** Every line adds up (taxable value plus its taxes is what was paid for it) and the lines add up to the order's total. */
function expectAddsUp(document: TaxDocument, total: number) {
  for (const line of document.lines) expect(line.taxableValue + line.cgst + line.sgst + line.igst).toBe(line.total)
  expect(document.lines.reduce((sum, line) => sum + line.total, 0)).toBe(total)
  expect(document.totals.total).toBe(total)
  expect(document.totals.taxableValue + document.totals.cgst + document.totals.sgst + document.totals.igst).toBe(total)
}

describe("GST tax invoices", () => {
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
    await cancelInMedusa(orderId)
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

  it("are issued when a cash-on-delivery order is delivered: IGST to Karnataka, the staff's rate on the jeans, the COD fee a line of its own", async () => {
    const { buyer, orderId } = await buy(
      "cod",
      [
        { product: products.jeans, quantity: 1 },
        { product: products.hoodie, quantity: 1 },
      ],
      { address: KARNATAKA },
    )
    // Unpaid until the courier collects: no invoice yet.
    const early = await download(buyer, orderId)
    expect(early.status).toBe(404)
    expect((await ordersOf(app, buyer))[0]).toMatchObject({ invoiceUrl: null })

    await deliverThroughShiprocket(app, buyer, orderId)
    const [shown] = await ordersOf(app, buyer)
    expect(shown).toMatchObject({ status: "DELIVERED", invoiceUrl: `/api/orders/${orderId}/invoice` })
    const [invoice] = await storedDocuments(orderId)
    expect(invoice).toBeDefined()
    expect(invoice!.intraState).toBe(false)
    expect(invoice!.placeOfSupply).toEqual({ state: "Karnataka", code: "29" })
    expect(invoice!.lines.map(({ description, hsn, rate }) => ({ description, hsn, rate }))).toEqual([
      { description: `${products.jeans.title} (M)`, hsn: "6203", rate: 12 },
      { description: `${products.hoodie.title} (M)`, hsn: "6110", rate: 5 },
      { description: "Cash on delivery fee", hsn: "996812", rate: 18 },
    ])
    expect(invoice!.lines.every((line) => line.cgst === 0 && line.sgst === 0 && line.igst > 0)).toBe(true)
    expectAddsUp(invoice!, 259_800)

    const response = await download(buyer, orderId)
    expect(response.status).toBe(200)
    const { text } = await readPdf(response.body as Buffer)
    for (const field of ["Place of supply: Karnataka (29)", "IGST", "6203", "996812", "Cash on delivery fee", formatPaise(259_800)])
      expect(text).toContain(field)
    expect(text).not.toContain("CGST")
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
