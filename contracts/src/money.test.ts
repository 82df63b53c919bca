import { describe, expect, it } from "vitest"
import { formatPaise } from "./money.js"

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
