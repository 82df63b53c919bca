import { AddressFields } from "@/components/ui/address-fields"
import { Field } from "@/components/ui/field"
import type { Form } from "@/hooks/use-form"
import type { AddressTextField } from "@/lib/address-form"
import { CHECKOUT_REQUIRED_FIELDS } from "../utils/checkout-blocker"

/** Checkout asks for no label, and ships within India only. */
const OMITTED_FIELDS: readonly AddressTextField[] = ["label", "country"]

/** The new address's inputs at checkout: the address fields and an optional email. */
export type NewAddressField = AddressTextField | "email"

type NewAddressFormProps = {
  /** Held by the checkout, which checks it when the shopper pays, so the typing survives a switch to the saved addresses. */
  form: Form<NewAddressField>
  save: boolean
  disabled: boolean
  onSaveChange: (save: boolean) => void
}

/** The shared address fields plus an optional email and whether to keep the address in the account. */
export function NewAddressForm({ form, save, disabled, onSaveChange }: NewAddressFormProps) {
  return (
    <fieldset className="address-form checkout-address-form" disabled={disabled}>
      <legend className="checkout-address-form__legend">New address</legend>
      <AddressFields form={form} required={CHECKOUT_REQUIRED_FIELDS} omit={OMITTED_FIELDS} />
      <Field {...form.field("email")} name="email" label="Email (optional)" type="email" autoComplete="email" />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={save}
          onChange={(event) => {
            onSaveChange(event.target.checked)
          }}
        />
        Save this address to my account
      </label>
    </fieldset>
  )
}
