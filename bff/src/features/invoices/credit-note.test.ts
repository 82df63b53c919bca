import { describe, expect, it } from "vitest"
import { remainingCreditLines, returnCreditLines } from "./credit-note.js"
import type { TaxDocument } from "./document.js"
import { sumTaxLines, taxLines, type InvoicePiece } from "./gst.js"

const TEE: InvoicePiece = { description: "Night Runner Tee (M)", hsn: "6109", quantity: 2, unitPrice: 129_900, gstPercent: null }
const HOODIE: InvoicePiece = { description: "Static Shift Hoodie (L)", hsn: "6110", quantity: 1, unitPrice: 279_900, gstPercent: null }
const ITEMS = [
  { lineId: "ordli_tee", variantId: "variant_tee" },
  { lineId: "ordli_hoodie", variantId: "variant_hoodie" },
]

/** A cash-on-delivery invoice of two tees and a hoodie with ₹100 of Dark Coins and the ₹100 fee. */
function invoiceOf(): TaxDocument {
  const { lines, totals } = taxLines({ pieces: [TEE, HOODIE], discount: 10_000, codFee: 10_000, intraState: true })
  return {
    kind: "invoice",
    number: "BYF/26-27/000001",
    issuedAt: "2026-12-01T10:00:00.000Z",
    againstInvoice: null,
    cause: "sale",
    orderId: "order_01CREDIT",
    orderDisplayId: 7,
    orderPlacedAt: "2026-11-30T10:00:00.000Z",
    paymentMethod: "cod",
    seller: { legalName: "Shop", address: "Mumbai", state: "Maharashtra", gstin: "27AABCB1234C1Z5" },
    buyer: { name: "Asha", addressLines: [], phone: null, email: null },
    placeOfSupply: { state: "Maharashtra", code: "27" },
    intraState: true,
    lines,
    totals,
  }
}

const noteOf = (invoice: TaxDocument, lines: TaxDocument["lines"]): TaxDocument => ({ ...invoice, kind: "credit_note", lines, totals: sumTaxLines(lines) })

describe("credit notes", () => {
  it("credit a returned line's paid value at its invoice rate, never the COD fee", () => {
    const invoice = invoiceOf()
    // One tee of two: ₹1,299 less its share of the coins (the line's ₹48.10 split over its two units: ₹24.10 for the first).
    const lines = returnCreditLines(invoice, ITEMS, [{ lineId: "ordli_tee", variantId: "variant_tee", quantity: 1, unitPrice: 129_900, spentCoins: 241 }])

    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ description: TEE.description, hsn: "6109", quantity: 1, rate: 5, total: 127_490, invoiceLine: 0 })
    expect(lines[0]!.taxableValue + lines[0]!.cgst + lines[0]!.sgst).toBe(127_490)
    expect(lines.some((line) => line.description === "Cash on delivery fee")).toBe(false)
  })

  it("credit at the ending only what earlier notes left, the COD fee only when it was never collected, adding up to the invoice", () => {
    const invoice = invoiceOf()
    const returned = noteOf(
      invoice,
      returnCreditLines(invoice, ITEMS, [{ lineId: "ordli_hoodie", variantId: "variant_hoodie", quantity: 1, unitPrice: 279_900, spentCoins: 519 }]),
    )
    const delivered = remainingCreditLines(invoice, [returned], { codFee: false })
    const neverDelivered = remainingCreditLines(invoice, [returned], { codFee: true })

    expect(delivered.map((line) => [line.description, line.quantity, line.invoiceLine])).toEqual([[TEE.description, 2, 0]])
    expect(neverDelivered.map((line) => line.description)).toEqual([TEE.description, "Cash on delivery fee"])
    const all = sumTaxLines([...returned.lines, ...neverDelivered])
    expect(all).toEqual(invoice.totals)
    // Everything credited already: nothing is left to credit.
    expect(remainingCreditLines(invoice, [returned, noteOf(invoice, neverDelivered)], { codFee: true })).toEqual([])
  })

  it("read a note issued before lines named their invoice line as crediting line by line", () => {
    const invoice = invoiceOf()
    const whole = noteOf(invoice, invoice.lines)
    expect(remainingCreditLines(invoice, [whole], { codFee: true })).toEqual([])
  })
})
