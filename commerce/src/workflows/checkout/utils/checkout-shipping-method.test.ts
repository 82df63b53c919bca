import { describe, expect, it } from "vitest"
import { checkoutShippingMethod } from "./checkout-shipping-method"

const standard = { id: "so_standard", name: "Standard Shipping", amount: 0, is_tax_inclusive: true }

describe("a checkout cart's shipping method", () => {
  it("carries the cash-on-delivery fee on top of the option's price, named and recorded for ops", () => {
    expect(checkoutShippingMethod("cart_1", [standard], 100)).toEqual({
      cart_id: "cart_1",
      shipping_option_id: "so_standard",
      name: "Standard Shipping + cash on delivery fee",
      amount: 100,
      is_tax_inclusive: true,
      data: {},
      metadata: { cod_fee_amount: 100, shipping_option_amount: 0 },
    })
  })

  it("adds a fee in paise-exact rupees to a priced option without float drift", () => {
    const method = checkoutShippingMethod("cart_1", [{ ...standard, amount: 49.9 }], 0.2)
    expect(method.amount).toBe(50.1)
  })

  it("is the option as it is when the order is paid online", () => {
    expect(checkoutShippingMethod("cart_1", [standard], 0)).toMatchObject({ name: "Standard Shipping", amount: 0, metadata: null })
  })

  it("skips options Medusa could not price and refuses when none is left", () => {
    expect(checkoutShippingMethod("cart_1", [{ ...standard, id: "so_unpriced", amount: null }, standard], 0).shipping_option_id).toBe("so_standard")
    expect(() => checkoutShippingMethod("cart_1", [{ ...standard, amount: undefined }], 100)).toThrow("No shipping option serves this address")
  })
})
