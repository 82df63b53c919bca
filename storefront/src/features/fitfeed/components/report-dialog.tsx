import { ReportForm } from "@/components/report-form"
import { Dialog } from "@/components/ui/dialog"
import { useReportPost } from "../api/report-post"

/** The reasons offered; 'Something else' asks for the reason in words. */
const REPORT_REASONS = [
  "Spam or misleading",
  "Nudity or sexual content",
  "Hate speech or harassment",
  "Violence or dangerous acts",
  "Not the product it shows",
] as const

const NO_REASON_TEXT = "Tell us what is wrong with this post."
const REPORT_THANKS_TEXT = "Thanks for telling us. We’ll review this post."

const checkReason = (reason: string) => (reason.trim() ? null : NO_REASON_TEXT)

function ReportPostForm({ postId, onClose }: { postId: string; onClose: () => void }) {
  const report = useReportPost()
  return (
    <ReportForm
      subject="post"
      reasons={REPORT_REASONS}
      name="report-reason"
      validate={checkReason}
      send={(reason) => report.mutateAsync({ postId, reason })}
      thanks={REPORT_THANKS_TEXT}
      onClose={onClose}
    />
  )
}

/** Asks why the post should be reviewed, sends the report, then thanks the reader. */
export function ReportDialog({ postId, open, onClose }: { postId: string; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Report post" closeButton className="dialog--form">
      {open ? <ReportPostForm postId={postId} onClose={onClose} /> : null}
    </Dialog>
  )
}
