import type { InputHTMLAttributes } from "react"
import { FormError } from "./form-error"

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  id: string
  label: string
  hint?: string
  error?: string | null
  /** A fixed character shown before the input, such as the @ of a handle. */
  prefix?: string
}

/** A labelled input with its hint and error, wired up for screen readers. */
export function Field({ id, label, hint, error, prefix, className, ...inputProps }: FieldProps) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined
  const input = (
    <input
      id={id}
      className={className ? `field__input ${className}` : "field__input"}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      {...inputProps}
    />
  )

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {prefix ? (
        <div className="field__affix">
          <span className="field__prefix" aria-hidden="true">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FormError id={errorId} message={error} />
    </div>
  )
}
