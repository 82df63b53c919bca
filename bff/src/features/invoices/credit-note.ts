import { PAISE_PER_COIN } from "@fitshop/contracts"
import type { TaxDocument, TaxLine } from "./document.js"
import { COD_FEE_SAC, taxLine } from "./gst.js"

/** Units of an order line a return brought back, as the return keeps them: what each sold for and the coins spent on them. */
export type ReturnedUnits = { lineId: string; variantId: string; quantity: number; unitPrice: number; spentCoins: number }

/** An order's line as the invoice lists it (same order): its Medusa line id when kept, and its variant. */
export type InvoicedItem = { lineId?: string; variantId: string }

/** The invoice line a credit note's line credits: the index it names, or (a note issued before it was named) its own position. */
const creditedIndex = (line: TaxLine, position: number) => line.invoiceLine ?? position

/**
 * A return's credit note lines: each returned line's paid share (its value less its Dark Coins share, as the return
 * refunded it) at the rate its invoice line was taxed. The COD fee is not among them: a return never refunds it.
 */
export function returnCreditLines(invoice: TaxDocument, items: InvoicedItem[], returned: ReturnedUnits[]): TaxLine[] {
  return returned.map((units) => {
    const byLine = items.findIndex((item) => item.lineId === units.lineId)
    const index = byLine >= 0 ? byLine : items.findIndex((item) => item.variantId === units.variantId)
    const invoiced = invoice.lines[index]
    if (!invoiced) throw new Error(`invoice ${invoice.number} has no line for order line ${units.lineId}`)
    const value = units.unitPrice * units.quantity - units.spentCoins * PAISE_PER_COIN
    const line = taxLine({ description: invoiced.description, hsn: invoiced.hsn, quantity: units.quantity, value, rate: invoiced.rate }, invoice.intraState)
    return { ...line, invoiceLine: index }
  })
}

/**
 * What an order's ending credits: each invoice line less what earlier credit notes credited of it, column by column
 * (so all the notes of an order add up to its invoice to the paisa), the COD fee only when `codFee` (the fee was
 * never collected: the parcel was not delivered). Lines fully credited already are left out.
 */
export function remainingCreditLines(invoice: TaxDocument, earlier: TaxDocument[], { codFee }: { codFee: boolean }): TaxLine[] {
  const credited = earlier.flatMap((note) => note.lines.map((line, position) => ({ line, index: creditedIndex(line, position) })))
  return invoice.lines.flatMap((line, index): TaxLine[] => {
    if (line.hsn === COD_FEE_SAC && !codFee) return []
    const before = credited.filter((each) => each.index === index).map((each) => each.line)
    const less = (column: "quantity" | "taxableValue" | "cgst" | "sgst" | "igst" | "total") =>
      line[column] - before.reduce((sum, each) => sum + each[column], 0)
    const total = less("total")
    if (total <= 0) return []
    return [
      {
        ...line,
        quantity: Math.max(less("quantity"), 1),
        taxableValue: less("taxableValue"),
        cgst: less("cgst"),
        sgst: less("sgst"),
        igst: less("igst"),
        total,
        invoiceLine: index,
      },
    ]
  })
}
