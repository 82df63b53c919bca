import { REPORT_REASON_MAX } from "@fitshop/contracts"
import { useId, useState, type FormEvent } from "react"
import { FormError } from "@/components/ui/form-error"
import { errorMessage } from "@/lib/api-client"

const OTHER = "Something else"

type ReportFormProps = {
  /** What is reported, as the question names it: "post", "review". */
  subject: string
  /** The reasons offered; 'Something else' is added after them and asks for the reason in words. */
  reasons: readonly string[]
  /** The radio group's name. */
  name: string
  /** The message saying why the chosen or written reason cannot be sent, or null when it can. */
  validate: (reason: string) => string | null
  /** Sends the trimmed reason; a rejection is shown as the form's error. */
  send: (reason: string) => Promise<unknown>
  /** Shown once the report is sent. */
  thanks: string
  onClose: () => void
}

/** Asks why something should be looked at, sends the report, then thanks the reader. */
export function ReportForm({ subject, reasons, name, validate, send, thanks, onClose }: ReportFormProps) {
  const [choice, setChoice] = useState<string | null>(null)
  const [other, setOther] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  const otherId = useId()

  if (sent) {
    return (
      <>
        <p className="dialog__text" role="status">
          {thanks}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        </div>
      </>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const reason = choice === OTHER ? other : (choice ?? "")
    const invalid = validate(reason)
    if (invalid !== null) {
      setError(invalid)
      return
    }
    setError(null)
    setSending(true)
    send(reason.trim()).then(
      () => {
        setSent(true)
      },
      (failure: unknown) => {
        setSending(false)
        setError(errorMessage(failure, "Something went wrong"))
      },
    )
  }

  return (
    <form className="report-form" onSubmit={submit} noValidate>
      <fieldset className="report-form__reasons">
        <legend className="dialog__text">{`Why are you reporting this ${subject}?`}</legend>
        {[...reasons, OTHER].map((reason) => (
          <label key={reason} className="checkbox">
            <input
              type="radio"
              name={name}
              value={reason}
              checked={choice === reason}
              onChange={() => {
                setChoice(reason)
              }}
            />
            {reason}
          </label>
        ))}
      </fieldset>
      {choice === OTHER ? (
        <div className="field">
          <label className="field__label" htmlFor={otherId}>
            Your reason
          </label>
          <textarea
            id={otherId}
            className="field__input"
            rows={3}
            maxLength={REPORT_REASON_MAX}
            value={other}
            onChange={(event) => {
              setOther(event.target.value)
            }}
          />
        </div>
      ) : null}
      <FormError message={error} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? "Reporting…" : "Report"}
        </button>
      </div>
    </form>
  )
}
