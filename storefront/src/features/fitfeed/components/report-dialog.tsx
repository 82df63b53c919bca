import { REPORT_REASON_MAX } from "@fitshop/contracts"
import { useId, useState, type FormEvent } from "react"
import { Dialog } from "@/components/ui/dialog"
import { FormError } from "@/components/ui/form-error"
import { errorMessage } from "@/lib/api-client"
import { useReportPost } from "../api/report-post"

/** The reasons offered; 'Something else' asks for the reason in words. */
export const REPORT_REASONS = [
  "Spam or misleading",
  "Nudity or sexual content",
  "Hate speech or harassment",
  "Violence or dangerous acts",
  "Not the product it shows",
] as const

const OTHER = "Something else"
const NO_REASON_TEXT = "Tell us what is wrong with this post."
export const REPORT_THANKS_TEXT = "Thanks for telling us. We’ll review this post."

function ReportForm({ postId, onClose }: { postId: string; onClose: () => void }) {
  const [choice, setChoice] = useState<string | null>(null)
  const [other, setOther] = useState("")
  const [error, setError] = useState<string | null>(null)
  const report = useReportPost()
  const otherId = useId()

  if (report.isSuccess) {
    return (
      <>
        <p className="dialog__text" role="status">
          {REPORT_THANKS_TEXT}
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
    const reason = (choice === OTHER ? other : (choice ?? "")).trim()
    if (!reason) {
      setError(NO_REASON_TEXT)
      return
    }
    setError(null)
    report.mutate(
      { postId, reason },
      {
        onError: (failure) => {
          setError(errorMessage(failure, "Something went wrong"))
        },
      },
    )
  }

  return (
    <form className="report-form" onSubmit={submit} noValidate>
      <fieldset className="report-form__reasons">
        <legend className="dialog__text">Why are you reporting this post?</legend>
        {[...REPORT_REASONS, OTHER].map((reason) => (
          <label key={reason} className="checkbox">
            <input
              type="radio"
              name="report-reason"
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
        <button type="submit" className="button button--primary" disabled={report.isPending}>
          {report.isPending ? "Reporting…" : "Report"}
        </button>
      </div>
    </form>
  )
}

/** Asks why the post should be reviewed, sends the report, then thanks the reader. */
export function ReportDialog({ postId, open, onClose }: { postId: string; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Report post" closeButton className="dialog--form">
      {open ? <ReportForm postId={postId} onClose={onClose} /> : null}
    </Dialog>
  )
}
