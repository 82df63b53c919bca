import { reviewReportBody, type Review } from "@fitshop/contracts"
import { ReportForm } from "@/components/report-form"
import { Dialog } from "@/components/ui/dialog"
import { useReportReview } from "../api/report-review"

/** The reasons staff may hide a review for (the reviews policy); 'Something else' asks for it in words. */
const REVIEW_REPORT_REASONS = ["Unlawful", "Abusive or hateful", "Shares personal data", "Not about this product", "Spam or paid promotion"] as const

const REVIEW_REPORT_THANKS = "Thanks for telling us. We’ll look at this review."

const checkReason = (reason: string) => {
  const parsed = reviewReportBody.safeParse({ reason })
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "")
}

function ReportReviewForm({ review, onClose }: { review: Review; onClose: () => void }) {
  const report = useReportReview()
  return (
    <ReportForm
      subject="review"
      reasons={REVIEW_REPORT_REASONS}
      name="review-report-reason"
      validate={checkReason}
      send={(reason) => report.mutateAsync({ reviewId: review.id, reason })}
      thanks={REVIEW_REPORT_THANKS}
      onClose={onClose}
    />
  )
}

/** Asks why the review should be looked at, sends the report, then thanks the reader (loaded when first opened). */
export function ReportReviewDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  return (
    <Dialog open={review !== null} onClose={onClose} title="Report review" closeButton className="dialog--form">
      {review ? <ReportReviewForm key={review.id} review={review} onClose={onClose} /> : null}
    </Dialog>
  )
}
