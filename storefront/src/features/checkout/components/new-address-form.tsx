import { useId } from "react"
import { AddressFields } from "@/components/ui/address-fields"
import { Field } from "@/components/ui/field"
import type { AddressFormValues, AddressTextField } from "@/lib/address-form"
import { CHECKOUT_REQUIRED_FIELDS } from "../utils/checkout-blocker"

/** Checkout asks for no label, and ships within India only. */
const OMITTED_FIELDS: readonly AddressTextField[] = ["label", "country"]

export type NewAddressDraft = {
  values: AddressFormValues
  email: string
  save: boolean
}

type NewAddressFormProps = {
  draft: NewAddressDraft
  /** Required fields left blank at the last attempt to pay. */
  missing: readonly AddressTextField[]
  disabled: boolean
  onChange: (draft: NewAddressDraft) => void
}

/** The shared address fields plus an optional email and whether to keep the address in the account. */
export function NewAddressForm({ draft, missing, disabled, onChange }: NewAddressFormProps) {
  const formId = useId()
  return (
    <fieldset className="address-form checkout-address-form" disabled={disabled}>
      <legend className="checkout-address-form__legend">New address</legend>
      <AddressFields
        idPrefix={formId}
        values={draft.values}
        required={CHECKOUT_REQUIRED_FIELDS}
        missing={missing}
        omit={OMITTED_FIELDS}
        onChange={(field, value) => {
          onChange({ ...draft, values: { ...draft.values, [field]: value } })
        }}
      />
      <Field
        id={`${formId}-email`}
        name="email"
        label="Email (optional)"
        type="email"
        autoComplete="email"
        value={draft.email}
        onChange={(event) => {
          onChange({ ...draft, email: event.target.value })
        }}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.save}
          onChange={(event) => {
            onChange({ ...draft, save: event.target.checked })
          }}
        />
        Save this address to my account
      </label>
    </fieldset>
  )
}
