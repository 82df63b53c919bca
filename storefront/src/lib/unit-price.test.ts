import { describe, expect, it } from "vitest"
import { buildCartItem } from "@/testing/cart-factory"
import { unitPriceOf } from "./unit-price"

describe("unitPriceOf", () => {
  it("prices a line by its unit price, else the product's basePrice", () => {
    expect(unitPriceOf(buildCartItem({ unitPrice: 777, product: { basePrice: 999 } }))).toBe(777)
    expect(unitPriceOf(buildCartItem({ unitPrice: null, product: { basePrice: 999 } }))).toBe(999)
  })
})
