import { formatPaise } from "@fitshop/contracts"
import { describe, expect, it } from "vitest"
import type { TaxDocument } from "./document.js"
import { taxLines, type InvoicePiece } from "./gst.js"
import { placeOfSupply, sameState } from "./indian-states.js"
import { amountInWords, indiaDate, renderTaxDocument } from "./pdf.js"
import { readPdf } from "../../../test/pdf.js"

const SELLER = {
  legalName: "Byfit Streetwear Private Limited",
  address: "Unit 4, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai 400013",
  state: "Maharashtra",
  gstin: "27AABCB1234C1Z5",
}

const HOODIE: InvoicePiece = {
  description: "Static Shift Heavyweight Oversized Hoodie with Embroidered Back Graphic, Limited Drop (XXL)",
  hsn: "6110",
  quantity: 1,
  unitPrice: 329_900,
  gstPercent: null,
}
const TEE: InvoicePiece = { description: "Night Runner Tee (M)", hsn: "6109", quantity: 2, unitPrice: 129_950, gstPercent: null }

/** A document as issuing builds it: lines from taxLines, the place of supply from the buyer's state. */
function taxDocument({
  buyerState,
  pieces = [HOODIE, TEE],
  ...overrides
}: { buyerState: string; pieces?: InvoicePiece[] } & Partial<TaxDocument>): TaxDocument {
  const intraState = sameState(buyerState, SELLER.state)
  const { lines, totals } = taxLines({ pieces, discount: 15_000, codFee: 4900, intraState })
  return {
    kind: "invoice",
    number: "BYF/26-27/000123",
    issuedAt: "2026-11-27T10:15:00.000Z",
    againstInvoice: null,
    orderId: "order_01JDX4Q2W8",
    orderDisplayId: 1042,
    orderPlacedAt: "2026-11-26T19:00:00.000Z",
    paymentMethod: "cod",
    seller: SELLER,
    buyer: {
      name: "Aarav Sharma",
      addressLines: ["Flat 12, Sea View Apartments", "Bandra West", `Mumbai, ${buyerState} 400050`, "India"],
      phone: "9876543210",
      email: null,
    },
    placeOfSupply: placeOfSupply(buyerState),
    intraState,
    lines,
    totals,
    ...overrides,
  }
}

describe("amountInWords", () => {
  it("writes rupees and paise as Indian invoices do", () => {
    expect(amountInWords(129_950)).toBe("Rupees One Thousand Two Hundred Ninety-Nine and Fifty Paise Only")
    expect(amountInWords(100)).toBe("Rupees One Only")
    expect(amountInWords(1)).toBe("Rupees Zero and One Paisa Only")
    expect(amountInWords(0)).toBe("Rupees Zero Only")
    expect(amountInWords(2_000_000)).toBe("Rupees Twenty Thousand Only")
  })

  it("groups in lakhs and crores", () => {
    expect(amountInWords(12_999_900)).toBe("Rupees One Lakh Twenty-Nine Thousand Nine Hundred Ninety-Nine Only")
    expect(amountInWords(1_234_567_890)).toBe("Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only")
    expect(amountInWords(100_000_000_000)).toBe("Rupees One Hundred Crore Only")
    expect(amountInWords(1_010_110_100)).toBe("Rupees One Crore One Lakh One Thousand One Hundred One Only")
  })

  it("says minus for a negative amount and refuses fractional paise", () => {
    expect(amountInWords(-800)).toBe("Minus Rupees Eight Only")
    expect(() => amountInWords(10.5)).toThrow(RangeError)
  })
})

describe("indiaDate", () => {
  it("dates an instant by India's calendar", () => {
    expect(indiaDate("2026-11-27T10:15:00.000Z")).toBe("27 Nov 2026")
    expect(indiaDate("2027-03-31T18:30:00.000Z")).toBe("1 Apr 2027")
  })
})

describe("renderTaxDocument", () => {
  it("prints an intra-state invoice with CGST and SGST and every field GST asks for", async () => {
    const document = taxDocument({ buyerState: "Maharashtra" })

    const pdf = await renderTaxDocument(document)
    const { text, pages, info } = await readPdf(pdf)

    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-")
    expect(pages).toBe(1)
    for (const field of [
      "Tax Invoice",
      SELLER.legalName,
      "Senapati Bapat Marg",
      `GSTIN: ${SELLER.gstin}`,
      "BYF/26-27/000123",
      "27 Nov 2026",
      "#1042",
      "Cash on delivery",
      "Bill to / Ship to",
      "Aarav Sharma",
      "Flat 12, Sea View Apartments",
      "9876543210",
      "Place of supply: Maharashtra (27)",
      "HSN/SAC",
      "6110",
      "6109",
      "996812",
      "Cash on delivery fee",
      HOODIE.description,
      "Taxable value",
      "CGST",
      "SGST",
      "Total tax",
      "Invoice total",
      formatPaise(document.totals.total),
      formatPaise(document.totals.taxableValue),
      formatPaise(document.totals.cgst),
      formatPaise(document.totals.sgst),
      formatPaise(document.totals.cgst + document.totals.sgst),
      amountInWords(document.totals.total),
      "Prices include GST.",
      "This is a computer-generated document and needs no signature.",
    ]) {
      expect(text).toContain(field)
    }
    expect(text).not.toContain("IGST")
    expect(text).not.toContain("Against invoice")
    expect(text).not.toContain("Buyer GSTIN")
    expect(info).toMatchObject({ Title: "Tax Invoice BYF/26-27/000123", Author: SELLER.legalName })
  })

  it("prints each line's unit, each tax head's rate, the reverse charge and the buyer's GSTIN when given", async () => {
    const intra = taxDocument({ buyerState: "Maharashtra" })
    const business = taxDocument({ buyerState: "Karnataka" })
    business.buyer.gstin = "29AAGCB7383J1Z4"

    const intraText = (await readPdf(await renderTaxDocument(intra))).text
    const interText = (await readPdf(await renderTaxDocument(business))).text

    // 5% within the state is CGST 2.5% + SGST 2.5%; the COD fee's 18% is 9% + 9%. A piece is counted in PCS, the fee in nothing.
    expect(intra.lines.map((line) => line.rate)).toEqual([18, 5, 18])
    for (const field of ["CGST rate", "SGST rate", "2.5%", "9%", "1 PCS", "2 PCS", "Reverse charge: No"]) expect(intraText).toContain(field)
    expect(intraText).not.toContain("18%")
    expect(intraText).not.toMatch(/996812\s*1 PCS/)
    for (const field of ["IGST rate", "5%", "18%", "Reverse charge: No", "Buyer GSTIN: 29AAGCB7383J1Z4"]) expect(interText).toContain(field)
    expect(interText).not.toContain("2.5%")
  })

  it("keeps printing a document issued before the buyer's GSTIN was asked", async () => {
    const document = taxDocument({ buyerState: "Maharashtra" })
    const { text, info } = await readPdf(await renderTaxDocument(document))
    expect(text).toContain("Reverse charge: No")
    expect(info).toMatchObject({ Title: "Tax Invoice BYF/26-27/000123", Author: SELLER.legalName })
  })

  it("prints an inter-state invoice with IGST alone", async () => {
    const document = taxDocument({ buyerState: "KA", paymentMethod: "online", orderDisplayId: null })

    const { text } = await readPdf(await renderTaxDocument(document))

    expect(text).toContain("Place of supply: Karnataka (29)")
    expect(text).toContain("IGST")
    expect(text).not.toContain("CGST")
    expect(text).not.toContain("SGST")
    expect(text).toContain(formatPaise(document.totals.igst))
    expect(text).toContain(formatPaise(document.totals.total))
    expect(text).toContain("Paid online")
    expect(text).toContain("order_01JDX4Q2W8")
    expect(text).toContain(amountInWords(document.totals.total))
  })

  it("prints a credit note against its invoice", async () => {
    const document = taxDocument({
      buyerState: "Maharashtra",
      kind: "credit_note",
      number: "BYC/26-27/000007",
      issuedAt: "2026-12-02T05:00:00.000Z",
      againstInvoice: { number: "BYF/26-27/000123", issuedAt: "2026-11-27T10:15:00.000Z" },
    })

    const { text, info } = await readPdf(await renderTaxDocument(document))

    expect(text).toContain("Credit Note")
    expect(text).toContain("BYC/26-27/000007")
    expect(text).toContain("2 Dec 2026")
    expect(text).toContain("Against invoice BYF/26-27/000123 dated 27 Nov 2026")
    expect(text).toContain(`Credit note total ${formatPaise(document.totals.total)}`)
    expect(text).not.toContain("Tax Invoice")
    expect(info).toMatchObject({ Title: "Credit Note BYC/26-27/000007" })
  })

  it("flows 40 lines onto further pages, repeating the table's header", async () => {
    const pieces = Array.from({ length: 40 }, (_, index) => ({ ...TEE, description: `Drop ${index + 1} Tee (L)` }))
    const document = taxDocument({ buyerState: "Goa", pieces })

    const { text, pages } = await readPdf(await renderTaxDocument(document))

    expect(pages).toBeGreaterThan(1)
    expect(text.split("HSN/SAC").length - 1).toBeGreaterThanOrEqual(pages - 1)
    expect(text).toContain("(continued)")
    expect(text).toContain(`Page ${pages} of ${pages}`)
    for (const piece of pieces) expect(text).toContain(piece.description)
    expect(text).toContain(formatPaise(document.totals.total))
  })

  it("renders the same bytes for the same document", async () => {
    const document = taxDocument({ buyerState: "Maharashtra" })

    const [first, second] = await Promise.all([renderTaxDocument(document), renderTaxDocument(document)])

    expect(first.equals(second)).toBe(true)
  })
})
