import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import type { AddressInput } from '@/types/address';
import {
  REQUIRED_ADDRESS_FIELDS,
  REQUIRED_FIELDS_TEXT,
  missingAddressFields,
  toAddressInput,
  type AddressFormValues,
  type AddressTextField,
} from '../utils/address-form';

export type AddressFormMode = 'add' | 'edit';

const SUBMIT_LABELS: Record<AddressFormMode, string> = { add: 'Save address', edit: 'Save changes' };

type TextFieldSpec = {
  name: AddressTextField;
  label: string;
  autoComplete: string;
  type?: string;
  inputMode?: 'numeric' | 'tel';
};

/** The fields in display order, hoisted so every render shares them. */
const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { name: 'label', label: 'Label', autoComplete: 'off' },
  { name: 'fullName', label: 'Full name', autoComplete: 'name' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
  { name: 'line1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'line2', label: 'Address line 2', autoComplete: 'address-line2' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Pincode', autoComplete: 'postal-code', inputMode: 'numeric' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
];

type AddressFormProps = {
  mode: AddressFormMode;
  initialValues: AddressFormValues;
  pending: boolean;
  /** The save call's failure text. */
  error: string | null;
  onSubmit: (input: AddressInput) => void;
  onCancel: () => void;
};

/** The one address form, for adding and editing: line 1, city, state and pincode must be filled. */
export function AddressForm({ mode, initialValues, pending, error, onSubmit, onCancel }: AddressFormProps) {
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [missing, setMissing] = useState<AddressTextField[]>([]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const blank = missingAddressFields(values);
    setMissing(blank);
    if (blank.length === 0) onSubmit(toAddressInput(values));
  };

  return (
    <form className="address-form" noValidate onSubmit={submit}>
      {TEXT_FIELDS.map((field) => (
        <Field
          key={field.name}
          id={`${formId}-${field.name}`}
          name={field.name}
          label={field.label}
          type={field.type ?? 'text'}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
          value={values[field.name]}
          required={REQUIRED_ADDRESS_FIELDS.includes(field.name)}
          aria-invalid={missing.includes(field.name) || undefined}
          onChange={(event) => {
            const { value } = event.target;
            setValues((current) => ({ ...current, [field.name]: value }));
          }}
        />
      ))}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.isDefault}
          onChange={(event) => {
            const { checked } = event.target;
            setValues((current) => ({ ...current, isDefault: checked }));
          }}
        />
        Make this my default address
      </label>
      <FormError message={missing.length > 0 ? REQUIRED_FIELDS_TEXT : error} />
      <div className="address-form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Saving…' : SUBMIT_LABELS[mode]}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
