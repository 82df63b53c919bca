import { describe, expect, it } from "vitest"
import { buildCartItem, buildSizelessCartItem } from "@/testing/cart-factory"
import { placeOrderBlocker } from "./place-order"

describe("placeOrderBlocker", () => {
  it("refuses an empty bag with 'Your cart is empty.'", () => {
    expect(placeOrderBlocker([])).toBe("Your cart is empty.")
  })

  it("refuses a bag with a line that still needs a size", () => {
    expect(placeOrderBlocker([buildCartItem(), buildSizelessCartItem()])).toBe("Please select a size for all applicable items before checkout.")
  })

  it("lets a bag whose lines have what they need through", () => {
    expect(placeOrderBlocker([buildCartItem(), buildCartItem({ size: null, sizeRequired: false })])).toBeNull()
  })
})
