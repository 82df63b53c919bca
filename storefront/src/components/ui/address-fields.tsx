import type { AddressFormValues, AddressTextField } from "@/lib/address-form"
import { Field } from "./field"

type TextFieldSpec = {
  name: AddressTextField
  label: string
  autoComplete: string
  type?: string
  inputMode?: "numeric" | "tel"
}

/** Every address field in display order, hoisted so every render shares them. */
const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { name: "label", label: "Label", autoComplete: "off" },
  { name: "fullName", label: "Full name", autoComplete: "name" },
  { name: "phone", label: "Phone", autoComplete: "tel", type: "tel", inputMode: "tel" },
  { name: "line1", label: "Address line 1", autoComplete: "address-line1" },
  { name: "line2", label: "Address line 2", autoComplete: "address-line2" },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "state", label: "State", autoComplete: "address-level1" },
  { name: "postalCode", label: "Pincode", autoComplete: "postal-code", inputMode: "numeric" },
  { name: "country", label: "Country", autoComplete: "country-name" },
]

type AddressFieldsProps = {
  idPrefix: string
  values: AddressFormValues
  /** The fields that must be filled, marked required. */
  required: readonly AddressTextField[]
  /** The required fields left blank at the last attempt, marked invalid. */
  missing: readonly AddressTextField[]
  onChange: (field: AddressTextField, value: string) => void
  /** Fields this form leaves out (checkout has no label, and ships only within India). */
  omit?: readonly AddressTextField[]
}

/** The address inputs shared by the account's address dialog and the checkout's new-address form. */
export function AddressFields({ idPrefix, values, required, missing, onChange, omit = [] }: AddressFieldsProps) {
  return TEXT_FIELDS.filter((field) => !omit.includes(field.name)).map((field) => (
    <Field
      key={field.name}
      id={`${idPrefix}-${field.name}`}
      name={field.name}
      label={field.label}
      type={field.type ?? "text"}
      inputMode={field.inputMode}
      autoComplete={field.autoComplete}
      value={values[field.name]}
      required={required.includes(field.name)}
      aria-invalid={missing.includes(field.name) || undefined}
      onChange={(event) => {
        onChange(field.name, event.target.value)
      }}
    />
  ))
}
