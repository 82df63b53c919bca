import type { checkoutPayload, verifyPayload } from "@fitshop/contracts"
import type { z } from "zod"

export { cancelPaymentPayload, checkoutPayload, COD_FEE_PAISE, FILL_ADDRESS, SELECT_ADDRESS, VERIFICATION_FAILED, verifyPayload } from "@fitshop/contracts"

export const CART_EMPTY = "Your cart is empty."
/** A second checkout of the same bag (a double click, another tab) while the first is placed or just after. */
export const ALREADY_PLACING = "Your order is already being placed. Please check Account › Orders before ordering again."
export const SIZES_MISSING = "Please select size for all items in your cart before paying."

/** The ₹1 live-test payment. */
export const LIVE_TEST_AMOUNT_PAISE = 100

export type CheckoutPayload = z.output<typeof checkoutPayload>
export type ShippingChoice = CheckoutPayload["shippingAddressSnapshot"]

export type VerifyPayload = z.output<typeof verifyPayload>
