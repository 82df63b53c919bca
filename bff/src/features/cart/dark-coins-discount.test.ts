import { describe, expect, it } from "vitest"
import { darkCoinsDiscount } from "./dark-coins-discount.js"

describe("darkCoinsDiscount", () => {
  it("gives ₹1 for every 10 coins, spending exactly those coins", () => {
    expect(darkCoinsDiscount(2500, 500_000)).toEqual({ discount: 25_000, coins: 2500 })
    expect(darkCoinsDiscount(2509, 500_000)).toEqual({ discount: 25_000, coins: 2500 })
  })

  it("never takes off more than the subtotal, in whole rupees", () => {
    expect(darkCoinsDiscount(100_000, 129_950)).toEqual({ discount: 129_900, coins: 12_990 })
  })

  it("is nothing below 10 coins, for an empty bag, or for a negative balance", () => {
    expect(darkCoinsDiscount(9, 100_000)).toEqual({ discount: 0, coins: 0 })
    expect(darkCoinsDiscount(5000, 0)).toEqual({ discount: 0, coins: 0 })
    expect(darkCoinsDiscount(-50, 100_000)).toEqual({ discount: 0, coins: 0 })
  })
})
