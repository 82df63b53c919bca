import { describe, expect, it } from "vitest"
import { orderTotal } from "./order-total"

describe("orderTotal", () => {
  it("takes the discount off the subtotal, never going below 0", () => {
    expect(orderTotal(129900, 20000)).toBe(109900)
    expect(orderTotal(10000, 20000)).toBe(0)
    expect(orderTotal(10000, 0)).toBe(10000)
  })

  it("adds the COD fee after the discount", () => {
    expect(orderTotal(129900, 20000, 10000)).toBe(119900)
    expect(orderTotal(10000, 30000, 10000)).toBe(0)
  })
})
