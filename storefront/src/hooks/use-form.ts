import { useId, useState, type ChangeEvent, type FormEvent } from "react"

/** What a rule says of a field: a text shown under it, `true` to let the browser's own validation message speak, or nothing. */
export type Problem = string | boolean | null | undefined

type FormOptions<Name extends string> = {
  initial: Record<Name, string>
  /** Each input's id is `${idPrefix}-${name}`; a unique prefix when left out. */
  idPrefix?: string
  /** Checked on submit: any problem stops it; a text shows under its field until that field is edited again. */
  validate?: (values: Record<Name, string>) => Partial<Record<Name, Problem>>
  /** Told of every edit, such as to forget an earlier answer. */
  onEdit?: (name: Name, value: string) => void
  onSubmit: (values: Record<Name, string>) => void
}

/** One form's values, its field and form errors, and its submit handler, so each form only states its fields and rules. */
export function useForm<Name extends string>({ initial, idPrefix, validate, onEdit, onSubmit }: FormOptions<Name>) {
  const generatedId = useId()
  const prefix = idPrefix ?? generatedId
  const [values, setValues] = useState(initial)
  const [checked, setChecked] = useState<ReadonlySet<Name>>(() => new Set())
  const [error, setError] = useState<string | null>(null)

  const idOf = (name: string) => `${prefix}-${name}`

  const setValue = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setChecked((current) => {
      if (!current.has(name)) return current
      const next = new Set(current)
      next.delete(name)
      return next
    })
    onEdit?.(name, value)
  }

  /** Whether the last submit checked this field and it has not been edited since, so its problem shows. */
  const isChecked = (name: Name) => checked.has(name)

  const errorOf = (name: Name): string | null => {
    if (!isChecked(name)) return null
    const problem = validate?.(values)[name]
    return typeof problem === "string" ? problem : null
  }

  /** The props a `Field` needs: its id (which wires its label, hint and error), value, error and change handler. */
  const field = (name: Name) => ({
    id: idOf(name),
    value: values[name],
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(name, event.target.value)
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    setChecked(new Set(Object.keys(initial) as Name[]))
    const problems: Problem[] = Object.values(validate?.(values) ?? {})
    if (problems.includes(true)) {
      event.currentTarget.reportValidity()
      return
    }
    if (problems.some(Boolean)) return
    onSubmit(values)
  }

  return { values, setValue, field, idOf, isChecked, error, setError, submit }
}
