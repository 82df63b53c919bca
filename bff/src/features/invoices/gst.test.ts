import { describe, expect, it } from "vitest"
import {
  APPAREL_HIGH_RATE,
  APPAREL_LOW_RATE,
  APPAREL_RATE_THRESHOLD,
  COD_FEE_DESCRIPTION,
  COD_FEE_RATE,
  COD_FEE_SAC,
  taxLines,
  type InvoicePiece,
} from "./gst.js"

const piece = (unitPrice: number, overrides: Partial<InvoicePiece> = {}): InvoicePiece => ({
  description: "Night Runner Tee (M)",
  hsn: "6109",
  quantity: 1,
  unitPrice,
  gstPercent: null,
  ...overrides,
})

/** A seeded generator, so a failing random order can be replayed. */
function random(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state % below
  }
}

describe("taxLines", () => {
  it("takes the tax out of a tax-inclusive price: taxable value rounded, tax the rest", () => {
    const { lines, totals } = taxLines({ pieces: [piece(129_950)], discount: 0, codFee: 0, intraState: true })

    // 129950 × 100 / 105 = 123761.90…
    expect(lines).toEqual([
      { description: "Night Runner Tee (M)", hsn: "6109", quantity: 1, taxableValue: 123_762, rate: 5, cgst: 3094, sgst: 3094, igst: 0, total: 129_950 },
    ])
    expect(totals).toEqual({ taxableValue: 123_762, cgst: 3094, sgst: 3094, igst: 0, total: 129_950 })
  })

  it("taxes a piece of ₹2,500 at 5% and one of ₹2,500.01 at 18%", () => {
    const { lines } = taxLines({ pieces: [piece(250_000), piece(250_001)], discount: 0, codFee: 0, intraState: true })

    expect(APPAREL_RATE_THRESHOLD).toBe(250_000)
    expect(lines.map((line) => line.rate)).toEqual([APPAREL_LOW_RATE, APPAREL_HIGH_RATE])
    expect(lines[1]).toMatchObject({ taxableValue: 211_865, cgst: 19_068, sgst: 19_068, total: 250_001 })
  })

  it("chooses the rate on a piece's value after its share of the Dark Coins discount", () => {
    // A ₹2,600 hoodie alone takes the whole ₹100 discount: ₹2,500 a piece, so 5%.
    const discounted = taxLines({ pieces: [piece(260_000, { hsn: "6110" })], discount: 10_000, codFee: 0, intraState: true })
    const undiscounted = taxLines({ pieces: [piece(260_000, { hsn: "6110" })], discount: 0, codFee: 0, intraState: true })

    expect(discounted.lines[0]).toMatchObject({ rate: 5, total: 250_000 })
    expect(undiscounted.lines[0]).toMatchObject({ rate: 18, total: 260_000 })
  })

  it("keeps a piece on its slab across the ₹2,500 line with and without Dark Coins", () => {
    const rateOf = (unitPrice: number, discount: number) => taxLines({ pieces: [piece(unitPrice)], discount, codFee: 0, intraState: true }).lines[0]!.rate

    // A ₹2,600 piece with ₹200 of coins sold for ₹2,400: 5%; without coins: 18%; exactly ₹2,500: 5%.
    expect(rateOf(260_000, 20_000)).toBe(5)
    expect(rateOf(260_000, 0)).toBe(18)
    expect(rateOf(250_000, 0)).toBe(5)
    expect(rateOf(270_000, 20_000)).toBe(5)
    expect(rateOf(270_000, 19_900)).toBe(18)
  })

  it("chooses the rate per piece, not per line: two ₹2,000 tees are 5% though the line is ₹4,000", () => {
    const { lines } = taxLines({ pieces: [piece(200_000, { quantity: 2 })], discount: 0, codFee: 0, intraState: false })

    expect(lines[0]).toMatchObject({ quantity: 2, rate: 5, taxableValue: 380_952, igst: 19_048, total: 400_000 })
  })

  it("uses the GST % staff set over the apparel rule, 0 making an exempt line", () => {
    const { lines } = taxLines({
      pieces: [piece(100_000, { gstPercent: 12 }), piece(300_000, { gstPercent: 5 }), piece(50_000, { gstPercent: 0 }), piece(10_250, { gstPercent: 2.5 })],
      discount: 0,
      codFee: 0,
      intraState: true,
    })

    expect(lines.map((line) => [line.rate, line.taxableValue, line.cgst + line.sgst])).toEqual([
      [12, 89_286, 10_714],
      [5, 285_714, 14_286],
      [0, 50_000, 0],
      [2.5, 10_000, 250],
    ])
  })

  it("splits the tax into CGST and SGST within the state, the odd paisa going to SGST", () => {
    // ₹1,000 at 5%: taxable 95238, tax 4762; ₹1,000.20 at 5%: taxable 95257, tax 4763.
    const { lines } = taxLines({ pieces: [piece(100_000), piece(100_020)], discount: 0, codFee: 0, intraState: true })

    expect(lines.map((line) => [line.cgst, line.sgst, line.igst])).toEqual([
      [2381, 2381, 0],
      [2381, 2382, 0],
    ])
  })

  it("charges the whole tax as IGST across states", () => {
    const { lines, totals } = taxLines({ pieces: [piece(100_020)], discount: 0, codFee: 4900, intraState: false })

    expect(lines.map((line) => [line.cgst, line.sgst, line.igst])).toEqual([
      [0, 0, 4763],
      [0, 0, 747],
    ])
    expect(totals).toMatchObject({ cgst: 0, sgst: 0, igst: 5510 })
  })

  it("adds the COD fee as its own 18% line under SAC 996812, only when there is a fee", () => {
    const withFee = taxLines({ pieces: [piece(99_900)], discount: 0, codFee: 4900, intraState: true })
    const withoutFee = taxLines({ pieces: [piece(99_900)], discount: 0, codFee: 0, intraState: true })

    expect(withFee.lines[1]).toEqual({
      description: COD_FEE_DESCRIPTION,
      hsn: COD_FEE_SAC,
      quantity: 1,
      taxableValue: 4153,
      rate: COD_FEE_RATE,
      cgst: 373,
      sgst: 374,
      igst: 0,
      total: 4900,
    })
    expect(withFee.totals.total).toBe(104_800)
    expect(withoutFee.lines).toHaveLength(1)
  })

  it("shares the discount by value, so lines add up to the order's total to the paisa", () => {
    const { lines, totals } = taxLines({
      pieces: [piece(99_900), piece(129_950, { quantity: 3 }), piece(329_900, { hsn: "6110" })],
      discount: 12_345,
      codFee: 4900,
      intraState: true,
    })

    // Values 99900, 389850, 329900 of 819650: shares 1504.6…, 5871.5…, 4968.8… → 1504, 5872, 4969.
    expect(lines.map((line) => line.total)).toEqual([98_396, 383_978, 324_931, 4900])
    expect(totals.total).toBe(819_650 - 12_345 + 4900)
  })

  it("gives a discount of the whole order to every line in full and taxes nothing", () => {
    const { lines, totals } = taxLines({ pieces: [piece(99_900), piece(50_000)], discount: 149_900, codFee: 0, intraState: true })

    expect(lines.map((line) => [line.total, line.taxableValue, line.rate])).toEqual([
      [0, 0, 5],
      [0, 0, 5],
    ])
    expect(totals.total).toBe(0)
  })

  it("adds up exactly for any order: per line, per column and in total", () => {
    const next = random(20_261_127)
    for (let order = 0; order < 500; order++) {
      const pieces = Array.from({ length: 1 + next(6) }, () =>
        piece(1 + next(600_000), { quantity: 1 + next(4), gstPercent: next(5) === 0 ? [0, 12, 18, 28][next(4)]! : null }),
      )
      const subtotal = pieces.reduce((sum, each) => sum + each.unitPrice * each.quantity, 0)
      const discount = next(3) === 0 ? 0 : next(subtotal + 1)
      const codFee = next(2) === 0 ? 0 : 4900
      const intraState = next(2) === 0

      const { lines, totals } = taxLines({ pieces, discount, codFee, intraState })

      expect(totals.total).toBe(subtotal - discount + codFee)
      expect(totals.taxableValue + totals.cgst + totals.sgst + totals.igst).toBe(totals.total)
      pieces.forEach((each, index) => {
        const line = lines[index]!
        expect(line.total).toBeGreaterThanOrEqual(0)
        expect(line.total).toBeLessThanOrEqual(each.unitPrice * each.quantity)
        expect(line.taxableValue + line.cgst + line.sgst + line.igst).toBe(line.total)
        expect(intraState ? line.sgst - line.cgst : line.cgst + line.sgst).toBeGreaterThanOrEqual(0)
        expect(intraState ? line.sgst - line.cgst : line.cgst + line.sgst).toBeLessThanOrEqual(intraState ? 1 : 0)
      })
    }
  })

  it("rejects a discount above the order, negative or fractional paise, and a quantity below 1", () => {
    const order = { pieces: [piece(99_900)], discount: 0, codFee: 0, intraState: true }

    expect(() => taxLines({ ...order, discount: 99_901 })).toThrow(RangeError)
    expect(() => taxLines({ ...order, discount: -1 })).toThrow(RangeError)
    expect(() => taxLines({ ...order, codFee: 49.5 })).toThrow(RangeError)
    expect(() => taxLines({ ...order, pieces: [piece(999.5)] })).toThrow(RangeError)
    expect(() => taxLines({ ...order, pieces: [piece(99_900, { quantity: 0 })] })).toThrow(RangeError)
    expect(() => taxLines({ ...order, pieces: [piece(99_900, { gstPercent: -5 })] })).toThrow(RangeError)
  })
})
