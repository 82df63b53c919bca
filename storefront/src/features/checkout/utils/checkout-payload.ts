import { typedGstin } from "@fitshop/contracts"
import type { AddressFieldValues } from "@/lib/address-form"
import type { DarkCoinsChoice } from "@/lib/dark-coins-choice"

export type PaymentMethod = "online" | "cod"

/** A new address as checkout sends it; `save` asks the server to keep it in the account too. */
export type NewShippingAddress = {
  fullName: string
  phone: string
  line1: string
  line2?: string
  city: string
  state: string
  postalCode: string
  country: "India"
  email?: string
  save?: boolean
}

/** The body of POST /api/payments/create-order and POST /api/checkout; the server recomputes every figure. */
export type CheckoutPayload = {
  shippingAddressSnapshot: { id: string } | NewShippingAddress
  payment: { gateway: "razorpay" | "cod"; mode: "prepaid" | "cod" }
  darkCoins: DarkCoinsChoice
  charges: { codFeePaise: number }
  liveTest?: boolean
  /** The buyer's GSTIN for a business purchase, printed on the invoice; left out when not given. */
  buyerGstin?: string
}

/** Where the order ships: a saved address by id, or the new one typed in. */
export type ShippingChoice = { mode: "select"; addressId: string } | { mode: "new"; values: AddressFieldValues; email: string; save: boolean }

/** The new-address form, trimmed, with a blank line 2 and email left out. */
export function toNewShippingAddress(values: AddressFieldValues, email: string, save: boolean): NewShippingAddress {
  const line2 = values.line2.trim()
  const trimmedEmail = email.trim()
  return {
    fullName: values.fullName.trim(),
    phone: values.phone.trim(),
    line1: values.line1.trim(),
    ...(line2 ? { line2 } : {}),
    city: values.city.trim(),
    state: values.state.trim(),
    postalCode: values.postalCode.trim(),
    country: "India",
    ...(trimmedEmail ? { email: trimmedEmail } : {}),
    save,
  }
}

type PayloadInput = {
  method: PaymentMethod
  shipping: ShippingChoice
  darkCoins: DarkCoinsChoice
  /** The COD fee the server announced, in paise; sent only for cash on delivery. */
  codFeePaise: number
  liveTest?: boolean
  /** As typed; sent without spaces in upper case, and only when filled. */
  buyerGstin?: string
}

export function buildCheckoutPayload({ method, shipping, darkCoins, codFeePaise, liveTest, buyerGstin = "" }: PayloadInput): CheckoutPayload {
  const gstin = typedGstin(buyerGstin)
  const cod = method === "cod"
  return {
    shippingAddressSnapshot: shipping.mode === "select" ? { id: shipping.addressId } : toNewShippingAddress(shipping.values, shipping.email, shipping.save),
    payment: cod ? { gateway: "cod", mode: "cod" } : { gateway: "razorpay", mode: "prepaid" },
    darkCoins,
    charges: { codFeePaise: cod ? codFeePaise : 0 },
    ...(liveTest ? { liveTest: true } : {}),
    ...(gstin ? { buyerGstin: gstin } : {}),
  }
}
