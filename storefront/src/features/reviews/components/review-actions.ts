/** What only a click opens in the reviews section, downloaded together the first time one is opened. */
export { ReportReviewDialog } from "./report-review-dialog"
export { ReviewForm } from "./review-form"
export { WithdrawReviewDialog } from "./withdraw-review-dialog"
