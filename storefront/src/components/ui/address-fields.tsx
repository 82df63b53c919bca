import type { Form } from "@/hooks/use-form"
import type { AddressTextField } from "@/lib/address-form"
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
  /** The form (`useForm`) that holds the fields' values and marks the blank required ones after a check. */
  form: Pick<Form<AddressTextField>, "field" | "isInvalid">
  /** The fields that must be filled, marked required. */
  required: readonly AddressTextField[]
  /** Fields this form leaves out (checkout has no label, and ships only within India). */
  omit?: readonly AddressTextField[]
}

/** The address inputs shared by the account's address dialog and the checkout's new-address form. */
export function AddressFields({ form, required, omit = [] }: AddressFieldsProps) {
  return TEXT_FIELDS.filter((spec) => !omit.includes(spec.name)).map((spec) => (
    <Field
      key={spec.name}
      {...form.field(spec.name)}
      name={spec.name}
      label={spec.label}
      type={spec.type ?? "text"}
      inputMode={spec.inputMode}
      autoComplete={spec.autoComplete}
      required={required.includes(spec.name)}
      aria-invalid={form.isInvalid(spec.name) || undefined}
    />
  ))
}
