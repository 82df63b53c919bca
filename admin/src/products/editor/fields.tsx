import { TextField } from "@mui/material"
import type { Dispatch } from "react"
import type { EditorAction, EditorForm, TextField as TextFieldName } from "./form-state"

export type StepProps = { form: EditorForm; dispatch: Dispatch<EditorAction> }

type Choice = { value: string; label: string }

/** Choices from a fixed list, keeping a stored value that is not in it so an edit never drops it silently. */
export function choicesOf(values: readonly string[], current: string, label: (value: string) => string = (value) => value): Choice[] {
  const all = current && !values.includes(current) ? [...values, current] : values
  return all.map((value) => ({ value, label: label(value) }))
}

/** "NO_COLLAR" → "No collar". */
export const labelOf = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replaceAll("_", " ")

type SelectProps = {
  label: string
  value: string
  choices: Choice[]
  onChange: (value: string) => void
  /** Shown as the empty first option when the field may be left unset. */
  placeholder?: string
}

/**
 * A native select: labelled, keyboard friendly, and simple to drive in tests. Its label always sits shrunk above
 * the box: a native select always shows an option's text (the placeholder when unset), which the label would cover.
 */
export function SelectField({ label, value, choices, onChange, placeholder }: SelectProps) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  )
}

type TextProps = StepProps & {
  field: TextFieldName
  label: string
  multiline?: boolean
  inputMode?: "decimal" | "numeric" | "text"
}

/** A text input bound to one of the form's text fields. */
export function FormText({ form, dispatch, field, label, multiline = false, inputMode = "text" }: TextProps) {
  return (
    <TextField
      label={label}
      value={form[field]}
      onChange={(event) => dispatch({ type: "field", field, value: event.target.value })}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      slotProps={{ htmlInput: { inputMode } }}
      fullWidth
    />
  )
}
