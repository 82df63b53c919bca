import { describe, expect, it } from "vitest"
import { formatPaise } from "./money"

describe("formatPaise", () => {
  it("divides paise by 100 and prints two decimals with a rupee sign", () => {
    expect(formatPaise(129900)).toBe("₹1299.00")
  })

  it("keeps the paise part", () => {
    expect(formatPaise(10005)).toBe("₹100.05")
    expect(formatPaise(99)).toBe("₹0.99")
  })

  it("prints zero as ₹0.00", () => {
    expect(formatPaise(0)).toBe("₹0.00")
  })

  it("does not group thousands", () => {
    expect(formatPaise(1234567800)).toBe("₹12345678.00")
  })

  it("puts the minus sign before the rupee sign", () => {
    expect(formatPaise(-5000)).toBe("-₹50.00")
  })

  it("rounds fractional paise to the nearest paisa", () => {
    expect(formatPaise(1999.6)).toBe("₹20.00")
  })
})
