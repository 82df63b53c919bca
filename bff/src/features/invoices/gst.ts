import { discountShares } from "@fitshop/contracts"
import type { TaxLine, TaxTotals } from "./document.js"

/**
 * The apparel rule in force since 22 September 2025 (GST rate rationalisation, HSN chapters 61–62): a piece
 * sold at ₹2,500 or less is taxed at 5%, a dearer one at 18%. The threshold is in paise, on the price paid.
 */
export const APPAREL_RATE_THRESHOLD = 250_000
export const APPAREL_LOW_RATE = 5
export const APPAREL_HIGH_RATE = 18

/** The COD fee is a service of its own: courier services (SAC 996812) at the standard 18%. */
export const COD_FEE_DESCRIPTION = "Cash on delivery fee"
export const COD_FEE_SAC = "996812"
export const COD_FEE_RATE = 18

export type InvoicePiece = {
  description: string
  hsn: string
  quantity: number
  /** Paise, tax included: what one piece sold for before the Dark Coins discount. */
  unitPrice: number
  /** The product's GST % as staff set it in the editor (0 for an exempt line); null follows the apparel rule. */
  gstPercent: number | null
}

export type TaxLinesInput = {
  pieces: InvoicePiece[]
  /** The Dark Coins discount on the whole order, paise. */
  discount: number
  /** Paise; no line when 0. */
  codFee: number
  /** The buyer's state is the seller's: CGST + SGST; otherwise IGST. */
  intraState: boolean
}

/** The rate a piece pays: what staff set, else the apparel rule on what one piece sold for after the discount. */
export function apparelRate(pieceValue: number, gstPercent: number | null): number {
  if (gstPercent !== null) return gstPercent
  return pieceValue <= APPAREL_RATE_THRESHOLD ? APPAREL_LOW_RATE : APPAREL_HIGH_RATE
}

/**
 * A line's tax out of what was paid for it (prices include tax): taxable = round(value × 100 / (100 + rate)), the
 * tax is the rest, so taxable + tax is the value to the paisa. The rate is taken to two decimals (basis points)
 * so the division stays in whole numbers.
 */
export function taxLine(line: { description: string; hsn: string; quantity: number; value: number; rate: number }, intraState: boolean): TaxLine {
  const rateBasisPoints = Math.round(line.rate * 100)
  const numerator = line.value * 10_000
  const denominator = 10_000 + rateBasisPoints
  const quotient = Math.floor(numerator / denominator)
  const taxableValue = 2 * (numerator - quotient * denominator) >= denominator ? quotient + 1 : quotient
  const tax = line.value - taxableValue
  const cgst = intraState ? Math.floor(tax / 2) : 0
  const sgst = intraState ? tax - cgst : 0
  const igst = intraState ? 0 : tax
  return { description: line.description, hsn: line.hsn, quantity: line.quantity, taxableValue, rate: line.rate, cgst, sgst, igst, total: line.value }
}

/** The column sums of a document's lines. */
export function sumTaxLines(lines: TaxLine[]): TaxTotals {
  const totals: TaxTotals = { taxableValue: 0, cgst: 0, sgst: 0, igst: 0, total: 0 }
  for (const line of lines) {
    totals.taxableValue += line.taxableValue
    totals.cgst += line.cgst
    totals.sgst += line.sgst
    totals.igst += line.igst
    totals.total += line.total
  }
  return totals
}

const isPaise = (amount: number) => Number.isSafeInteger(amount) && amount >= 0

function checkInput({ pieces, discount, codFee }: TaxLinesInput, subtotal: number) {
  for (const piece of pieces) {
    if (!Number.isSafeInteger(piece.quantity) || piece.quantity < 1) throw new RangeError(`quantity must be a whole number ≥ 1: ${piece.quantity}`)
    if (!isPaise(piece.unitPrice)) throw new RangeError(`unitPrice must be whole paise ≥ 0: ${piece.unitPrice}`)
    if (piece.gstPercent !== null && !(piece.gstPercent >= 0 && piece.gstPercent <= 100)) throw new RangeError(`gstPercent out of range: ${piece.gstPercent}`)
  }
  if (!isPaise(discount) || discount > subtotal) throw new RangeError(`discount must be whole paise between 0 and the subtotal ${subtotal}: ${discount}`)
  if (!isPaise(codFee)) throw new RangeError(`codFee must be whole paise ≥ 0: ${codFee}`)
}

/**
 * An order's tax lines: the Dark Coins discount shared across the products by value, each line taxed at its
 * piece's rate, and the COD fee a line of its own; the lines' totals add up to subtotal − discount + COD fee.
 */
export function taxLines(input: TaxLinesInput): { lines: TaxLine[]; totals: TaxTotals } {
  const values = input.pieces.map((piece) => piece.unitPrice * piece.quantity)
  const subtotal = values.reduce((total, value) => total + value, 0)
  checkInput(input, subtotal)
  const shares = discountShares(input.discount, values)
  const lines = input.pieces.map((piece, index) => {
    const value = (values[index] ?? 0) - (shares[index] ?? 0)
    const rate = apparelRate(value / piece.quantity, piece.gstPercent)
    return taxLine({ description: piece.description, hsn: piece.hsn, quantity: piece.quantity, value, rate }, input.intraState)
  })
  if (input.codFee > 0) {
    lines.push(taxLine({ description: COD_FEE_DESCRIPTION, hsn: COD_FEE_SAC, quantity: 1, value: input.codFee, rate: COD_FEE_RATE }, input.intraState))
  }
  return { lines, totals: sumTaxLines(lines) }
}
