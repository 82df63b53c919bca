import type { Seller } from "../../lib/seller-settings.js"

/**
 * A GST tax document as it was issued: everything its PDF prints, frozen when its number was given (so a
 * download years later prints the same figures). Amounts in paise; prices include tax.
 */
export type TaxDocumentKind = "invoice" | "credit_note"

/** Each document's reason, one document per order, kind and cause: the sale, the order's ending, or one return refunded. */
export type TaxDocumentCause = "sale" | "ending" | `return:${string}`

/** The seller as the GST registration names it (configuration: lib/seller-settings.ts). */
export type { Seller }

/** A state or union territory with its GST state code ("27" for Maharashtra); code null when the name isn't one we know. */
export type PlaceOfSupply = { state: string; code: string | null }

export type TaxLine = {
  /** What the line is: a product's title and size ("Static Shift Hoodie (M)"), or "Cash on delivery fee". */
  description: string
  /** HSN code for goods, SAC for the COD fee. */
  hsn: string
  quantity: number
  /** The line's value before tax, after its share of the Dark Coins discount. */
  taxableValue: number
  /** GST rate in percent (5, 18, or what staff set). */
  rate: number
  cgst: number
  sgst: number
  igst: number
  /** taxableValue + its tax: what the buyer paid for the line. */
  total: number
  /** On a credit note: the line of its invoice it credits (0-based); notes issued before this was kept credit line by line. */
  invoiceLine?: number
}

export type TaxTotals = { taxableValue: number; cgst: number; sgst: number; igst: number; total: number }

export type TaxDocument = {
  kind: TaxDocumentKind
  /** Consecutive per series and financial year, at most 16 characters: BYF/26-27/000123 (invoice), BYC/26-27/000007 (credit note). */
  number: string
  /** ISO instant of issue. */
  issuedAt: string
  /** The invoice a credit note reverses; null on an invoice. */
  againstInvoice: { number: string; issuedAt: string } | null
  /** What it was issued for: the sale (an invoice), the order's ending, or a return ("return:<id>"); absent on documents issued before. */
  cause?: TaxDocumentCause
  orderId: string
  orderDisplayId: number | null
  orderPlacedAt: string
  paymentMethod: "online" | "cod"
  seller: Seller
  /** gstin: the buyer's when given at checkout (a business purchase); absent on documents issued before it was asked. */
  buyer: { name: string; addressLines: string[]; phone: string | null; email: string | null; gstin?: string | null }
  placeOfSupply: PlaceOfSupply
  /** The buyer's state is the seller's: CGST + SGST; otherwise IGST. */
  intraState: boolean
  lines: TaxLine[]
  totals: TaxTotals
}
