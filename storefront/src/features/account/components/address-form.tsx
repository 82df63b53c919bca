import { useState } from "react"
import { AddressFields } from "@/components/ui/address-fields"
import { FormError } from "@/components/ui/form-error"
import { useForm } from "@/hooks/use-form"
import {
  REQUIRED_ADDRESS_FIELDS,
  REQUIRED_FIELDS_TEXT,
  requiredAddressFields,
  toAddressInput,
  type AddressFormValues,
  type AddressTextField,
} from "@/lib/address-form"
import type { AddressBody } from "@fitshop/contracts"

export type AddressFormMode = "add" | "edit"

const SUBMIT_LABELS: Record<AddressFormMode, string> = { add: "Save address", edit: "Save changes" }

const checkRequired = requiredAddressFields(REQUIRED_ADDRESS_FIELDS)

type AddressFormProps = {
  mode: AddressFormMode
  initialValues: AddressFormValues
  pending: boolean
  /** The save call's failure text. */
  error: string | null
  onSubmit: (input: AddressBody) => void
  onCancel: () => void
}

/** The one address form, for adding and editing: line 1, city, state and pincode must be filled. */
export function AddressForm({ mode, initialValues, pending, error, onSubmit, onCancel }: AddressFormProps) {
  const { isDefault: initiallyDefault, ...initialFields } = initialValues
  const [isDefault, setIsDefault] = useState(initiallyDefault)
  const form = useForm<AddressTextField>({
    initial: initialFields,
    validate: checkRequired,
    // The blank fields stay marked, and the form's text stays, until the next attempt.
    showProblems: "until-next-check",
    onSubmit: (values) => {
      onSubmit(toAddressInput({ ...values, isDefault }))
    },
  })
  const missing = REQUIRED_ADDRESS_FIELDS.some(form.isInvalid)

  return (
    <form className="address-form" noValidate onSubmit={form.submit}>
      <AddressFields form={form} required={REQUIRED_ADDRESS_FIELDS} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={isDefault}
          onChange={(event) => {
            setIsDefault(event.target.checked)
          }}
        />
        Make this my default address
      </label>
      <FormError message={missing ? REQUIRED_FIELDS_TEXT : error} />
      <div className="address-form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? "Saving…" : SUBMIT_LABELS[mode]}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  )
}
