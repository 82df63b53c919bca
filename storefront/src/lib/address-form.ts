import type { Address, AddressBody } from "@fitshop/contracts"

// The server's defaults (contracts' DEFAULT_LABEL and INDIA), spelled out: a value from contracts' address module
// would bring its zod schemas into the bundle, which the form does not use.
export const DEFAULT_ADDRESS_LABEL = "Home"
export const DEFAULT_ADDRESS_COUNTRY = "India"
export const REQUIRED_FIELDS_TEXT = "Please fill all required fields."

/** The address body's text fields (contracts' addressBody), each an input of the form. */
export type AddressTextField = Exclude<keyof AddressBody, "isDefault">

/** The address inputs as typed (the account dialog and checkout share them). */
export type AddressFieldValues = Record<AddressTextField, string>

/** The account's address form: the inputs and whether the address becomes the default. */
export type AddressFormValues = AddressFieldValues & { isDefault: boolean }

/** The spec's required fields; the server checks the rest (full name, phone and pincode format). */
export const REQUIRED_ADDRESS_FIELDS: readonly AddressTextField[] = ["line1", "city", "state", "postalCode"]

/** A new address starts labelled Home, in India. */
export const emptyAddressFields = (): AddressFieldValues => ({
  label: DEFAULT_ADDRESS_LABEL,
  fullName: "",
  phone: "",
  line1: "",
  line2: "",
  city: "",
  state: "",
  postalCode: "",
  country: DEFAULT_ADDRESS_COUNTRY,
})

export const emptyAddressValues = (): AddressFormValues => ({ ...emptyAddressFields(), isDefault: false })

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
export const missingAddressFields = (values: AddressFieldValues, required: readonly AddressTextField[] = REQUIRED_ADDRESS_FIELDS): AddressTextField[] =>
  required.filter((field) => !values[field].trim())

/** A `useForm` rule: each `required` field left blank is marked invalid, without a text of its own (the form says it once). */
export const requiredAddressFields =
  (required: readonly AddressTextField[]) =>
  (values: AddressFieldValues): Partial<Record<AddressTextField, true>> =>
    Object.fromEntries(missingAddressFields(values, required).map((field) => [field, true]))

/** The body for the create and update calls: trimmed, a blank label or country back to its default, no blank line 2. */
export function toAddressInput(values: AddressFormValues): AddressBody {
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
