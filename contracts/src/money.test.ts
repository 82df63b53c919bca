import { describe, expect, it } from "vitest"
import { formatPaise, shareInProportion } from "./money.js"

describe("formatPaise", () => {
  it("shows rupees with two decimals and Indian digit grouping", () => {
    expect(formatPaise(12_999_900)).toBe("₹1,29,999.00")
    expect(formatPaise(249_950)).toBe("₹2,499.50")
    expect(formatPaise(99_900)).toBe("₹999.00")
    expect(formatPaise(5)).toBe("₹0.05")
    expect(formatPaise(0)).toBe("₹0.00")
  })

  it("puts the sign before the rupee sign and rounds stray fractions of a paisa", () => {
    expect(formatPaise(-800)).toBe("-₹8.00")
    expect(formatPaise(1234.6)).toBe("₹12.35")
    expect(formatPaise(Number.NaN)).toBe("₹0.00")
  })
})

describe("shareInProportion", () => {
  it("hands the paise left by rounding down to the largest remainders, earlier lines first on a tie", () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(shareInProportion(10, [3, 3, 4])).toEqual([3, 3, 4])
    expect(shareInProportion(7, [10, 20, 40])).toEqual([1, 2, 4])
    expect(shareInProportion(5, [1, 2, 3])).toEqual([1, 2, 2])
  })

  it("never gives a line more than its value, and nothing to a line worth nothing", () => {
    expect(shareInProportion(3, [1, 1, 1, 0])).toEqual([1, 1, 1, 0])
    expect(shareInProportion(0, [5, 5])).toEqual([0, 0])
    expect(shareInProportion(0, [])).toEqual([])
  })
})
