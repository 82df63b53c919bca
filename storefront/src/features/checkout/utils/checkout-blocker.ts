import { missingAddressFields, type AddressFieldValues, type AddressTextField } from "@/lib/address-form"
import type { BagItem } from "@fitshop/contracts"

export const EMPTY_CART_TEXT = "Your cart is empty."
export const SIZES_MISSING_TEXT = "Please select size for all items in your cart before paying."
export const NO_ADDRESS_TEXT = "Please select a shipping address first."
export const ADDRESS_FIELDS_TEXT = "Please fill all required address fields."

/** Checkout needs a name and phone for the courier, unlike a saved address. */
export const CHECKOUT_REQUIRED_FIELDS: readonly AddressTextField[] = ["fullName", "phone", "line1", "city", "state", "postalCode"]

/** The address as chosen so far: a saved one (none picked yet is null) or the new-address form. */
export type AddressDraft = { mode: "select"; addressId: string | null } | { mode: "new"; values: AddressFieldValues }

/** Why the order cannot be paid for yet, or null when it can. */
export function checkoutBlocker(items: BagItem[], address: AddressDraft): string | null {
  if (items.length === 0) return EMPTY_CART_TEXT
  if (items.some((item) => item.sizeRequired)) return SIZES_MISSING_TEXT
  if (address.mode === "select") return address.addressId ? null : NO_ADDRESS_TEXT
  return missingAddressFields(address.values, CHECKOUT_REQUIRED_FIELDS).length > 0 ? ADDRESS_FIELDS_TEXT : null
}
