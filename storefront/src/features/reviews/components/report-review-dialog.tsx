import { REPORT_REASON_MAX, reviewReportBody, type Review } from "@fitshop/contracts"
import { useId, useState, type FormEvent } from "react"
import { Dialog } from "@/components/ui/dialog"
import { FormError } from "@/components/ui/form-error"
import { errorMessage } from "@/lib/api-client"
import { useReportReview } from "../api/report-review"

/** The reasons staff may hide a review for (the reviews policy); 'Something else' asks for it in words. */
export const REVIEW_REPORT_REASONS = ["Unlawful", "Abusive or hateful", "Shares personal data", "Not about this product", "Spam or paid promotion"] as const

const OTHER = "Something else"
export const REVIEW_REPORT_THANKS = "Thanks for telling us. We’ll look at this review."

function ReportForm({ review, onClose }: { review: Review; onClose: () => void }) {
  const [choice, setChoice] = useState<string | null>(null)
  const [other, setOther] = useState("")
  const [error, setError] = useState<string | null>(null)
  const report = useReportReview()
  const otherId = useId()

  if (report.isSuccess) {
    return (
      <>
        <p className="dialog__text" role="status">
          {REVIEW_REPORT_THANKS}
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
    const parsed = reviewReportBody.safeParse({ reason: choice === OTHER ? other : (choice ?? "") })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null)
      return
    }
    setError(null)
    report.mutate(
      { reviewId: review.id, reason: parsed.data.reason },
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
        <legend className="dialog__text">Why are you reporting this review?</legend>
        {[...REVIEW_REPORT_REASONS, OTHER].map((reason) => (
          <label key={reason} className="checkbox">
            <input
              type="radio"
              name="review-report-reason"
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

/** Asks why the review should be looked at, sends the report, then thanks the reader (loaded when first opened). */
export function ReportReviewDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  return (
    <Dialog open={review !== null} onClose={onClose} title="Report review" closeButton className="dialog--form">
      {review ? <ReportForm key={review.id} review={review} onClose={onClose} /> : null}
    </Dialog>
  )
}
