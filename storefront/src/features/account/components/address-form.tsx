import { useId, useState, type FormEvent } from "react"
import { AddressFields } from "@/components/ui/address-fields"
import { FormError } from "@/components/ui/form-error"
import {
  REQUIRED_ADDRESS_FIELDS,
  REQUIRED_FIELDS_TEXT,
  missingAddressFields,
  toAddressInput,
  type AddressFormValues,
  type AddressTextField,
} from "@/lib/address-form"
import type { AddressInput } from "@/types/address"

export type AddressFormMode = "add" | "edit"

const SUBMIT_LABELS: Record<AddressFormMode, string> = { add: "Save address", edit: "Save changes" }

type AddressFormProps = {
  mode: AddressFormMode
  initialValues: AddressFormValues
  pending: boolean
  /** The save call's failure text. */
  error: string | null
  onSubmit: (input: AddressInput) => void
  onCancel: () => void
}

/** The one address form, for adding and editing: line 1, city, state and pincode must be filled. */
export function AddressForm({ mode, initialValues, pending, error, onSubmit, onCancel }: AddressFormProps) {
  const formId = useId()
  const [values, setValues] = useState(initialValues)
  const [missing, setMissing] = useState<AddressTextField[]>([])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const blank = missingAddressFields(values)
    setMissing(blank)
    if (blank.length === 0) onSubmit(toAddressInput(values))
  }

  return (
    <form className="address-form" noValidate onSubmit={submit}>
      <AddressFields
        idPrefix={formId}
        values={values}
        required={REQUIRED_ADDRESS_FIELDS}
        missing={missing}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }))
        }}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.isDefault}
          onChange={(event) => {
            const { checked } = event.target
            setValues((current) => ({ ...current, isDefault: checked }))
          }}
        />
        Make this my default address
      </label>
      <FormError message={missing.length > 0 ? REQUIRED_FIELDS_TEXT : error} />
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
