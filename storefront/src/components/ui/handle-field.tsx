import { HANDLE_HINT, normaliseHandle } from "@/lib/handle"
import { Field } from "./field"

type HandleFieldProps = {
  id: string
  value: string
  onChange: (handle: string) => void
  error?: string | null
  checking?: boolean
}

/** The @handle input: normalises as typed and always shows the spec's hint. */
export function HandleField({ id, value, onChange, error, checking = false }: HandleFieldProps) {
  return (
    <Field
      id={id}
      name="handle"
      label="Handle"
      prefix="@"
      hint={HANDLE_HINT}
      error={error}
      value={value}
      required
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      aria-busy={checking || undefined}
      onChange={(event) => {
        onChange(normaliseHandle(event.target.value))
      }}
    />
  )
}
