import type { Address, AddressInput } from "@/types/address"

export const DEFAULT_ADDRESS_LABEL = "Home"
export const DEFAULT_ADDRESS_COUNTRY = "India"
export const REQUIRED_FIELDS_TEXT = "Please fill all required fields."

/** The address form's fields, all as typed (the account dialog and checkout share them). */
export type AddressFormValues = {
  label: string
  fullName: string
  phone: string
  line1: string
  line2: string
  city: string
  state: string
  postalCode: string
  country: string
  isDefault: boolean
}

export type AddressTextField = Exclude<keyof AddressFormValues, "isDefault">

/** The spec's required fields; the server checks the rest (full name, phone and pincode format). */
export const REQUIRED_ADDRESS_FIELDS: readonly AddressTextField[] = ["line1", "city", "state", "postalCode"]

/** A new address starts labelled Home, in India. */
export const emptyAddressValues = (): AddressFormValues => ({
  label: DEFAULT_ADDRESS_LABEL,
  fullName: "",
  phone: "",
  line1: "",
  line2: "",
  city: "",
  state: "",
  postalCode: "",
  country: DEFAULT_ADDRESS_COUNTRY,
  isDefault: false,
})

export const addressToValues = (address: Address): AddressFormValues => ({
  label: address.label,
  fullName: address.fullName,
  phone: address.phone,
  line1: address.line1,
  line2: address.line2 ?? "",
  city: address.city,
  state: address.state,
  postalCode: address.postalCode,
  country: address.country,
  isDefault: address.isDefault,
})

/** The `required` fields (the account form's by default) left blank. */
export const missingAddressFields = (values: AddressFormValues, required: readonly AddressTextField[] = REQUIRED_ADDRESS_FIELDS): AddressTextField[] =>
  required.filter((field) => !values[field].trim())

/** The body for the create and update calls: trimmed, a blank label or country back to its default, no blank line 2. */
export function toAddressInput(values: AddressFormValues): AddressInput {
  const line2 = values.line2.trim()
  return {
    label: values.label.trim() || DEFAULT_ADDRESS_LABEL,
    fullName: values.fullName.trim(),
    phone: values.phone.trim(),
    line1: values.line1.trim(),
    ...(line2 ? { line2 } : {}),
    city: values.city.trim(),
    state: values.state.trim(),
    postalCode: values.postalCode.trim(),
    country: values.country.trim() || DEFAULT_ADDRESS_COUNTRY,
    isDefault: values.isDefault,
  }
}
