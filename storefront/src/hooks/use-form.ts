import { useId, useState, type ChangeEvent, type FormEvent } from "react"

/**
 * What a rule says of a field: a text shown under it, `true` to mark it invalid (the browser's own validation message
 * speaks, unless the form is `noValidate`), or nothing.
 */
export type Problem = string | boolean | null | undefined

type Problems<Name extends string> = Partial<Record<Name, Problem>>

type FormOptions<Name extends string> = {
  initial: Record<Name, string>
  /** Each input's id is `${idPrefix}-${name}`; a unique prefix when left out. */
  idPrefix?: string
  /** Checked on submit (or `check`): any problem stops a submit. */
  validate?: (values: Record<Name, string>) => Problems<Name>
  /** How long a problem shows after a check: until its field is edited again (the default), or as found until the next check. */
  showProblems?: "until-edit" | "until-next-check"
  /** Told of every edit, such as to forget an earlier answer. */
  onEdit?: (name: Name, value: string) => void
  onSubmit?: (values: Record<Name, string>) => void
}

/** The fields the last check looked at, and what it found then. */
type Checked<Name extends string> = { names: ReadonlySet<Name>; found: Problems<Name> }

/** One form's values, its field and form errors, and its submit handler, so each form only states its fields and rules. */
export function useForm<Name extends string>({ initial, idPrefix, validate, showProblems = "until-edit", onEdit, onSubmit }: FormOptions<Name>) {
  const generatedId = useId()
  const prefix = idPrefix ?? generatedId
  const [values, setValues] = useState(initial)
  const [checked, setChecked] = useState<Checked<Name>>(() => ({ names: new Set(), found: {} }))
  const [error, setError] = useState<string | null>(null)

  const idOf = (name: string) => `${prefix}-${name}`

  const setValue = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    if (showProblems === "until-edit") {
      setChecked((current) => {
        if (!current.names.has(name)) return current
        const names = new Set(current.names)
        names.delete(name)
        return { ...current, names }
      })
    }
    onEdit?.(name, value)
  }

  /** Whether the last check looked at this field and (until-edit) it has not been edited since, so its problem shows. */
  const isChecked = (name: Name) => checked.names.has(name)

  const problemOf = (name: Name): Problem => {
    if (!isChecked(name)) return null
    return showProblems === "until-edit" ? validate?.(values)[name] : checked.found[name]
  }

  const errorOf = (name: Name): string | null => {
    const problem = problemOf(name)
    return typeof problem === "string" ? problem : null
  }

  /** Whether the field shows a problem, with or without a text. */
  const isInvalid = (name: Name) => Boolean(problemOf(name))

  /** The props a `Field` needs: its id (which wires its label, hint and error), value, error and change handler. */
  const field = (name: Name) => ({
    id: idOf(name),
    value: values[name],
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(name, event.target.value)
    },
  })

  const checkAll = (): Problem[] => {
    const found = validate?.(values) ?? {}
    setChecked({ names: new Set(Object.keys(initial) as Name[]), found })
    return Object.values(found)
  }

  /** Checks every field as a submit does (for a form sent by something other than its submit button); true when none has a problem. */
  const check = () => !checkAll().some(Boolean)

  /** Forgets the last check: no field shows a problem until the next one. */
  const uncheck = () => {
    setChecked({ names: new Set(), found: {} })
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    const problems = checkAll()
    if (problems.includes(true) && !event.currentTarget.noValidate) {
      event.currentTarget.reportValidity()
      return
    }
    if (problems.some(Boolean)) return
    onSubmit?.(values)
  }

  return { values, setValue, field, idOf, isChecked, isInvalid, error, setError, check, uncheck, submit }
}

/** What `useForm` gives a form, for the parts of it that are their own components. */
export type Form<Name extends string> = ReturnType<typeof useForm<Name>>
