import type { BagItem } from "@fitshop/contracts"

export const EMPTY_CART_TEXT = "Your cart is empty."
export const SIZES_MISSING_TEXT = "Please select a size for all applicable items before checkout."

/** Why the bag cannot go to checkout yet, or null when it can. */
export function placeOrderBlocker(items: BagItem[]): string | null {
  if (items.length === 0) return EMPTY_CART_TEXT
  if (items.some((item) => item.sizeRequired)) return SIZES_MISSING_TEXT
  return null
}
