import { ADMIN_REVIEW_STATES, FIT_ANSWER_LABELS, type AdminReview } from "@fitshop/contracts"
import { Box, Chip, Link, Typography, type ChipProps } from "@mui/material"
import { DataTable, DateField, List, required, SelectInput } from "react-admin"
import { formatCount } from "../lib/counts"
import { HideReviewButton, RestoreReviewButton } from "./ReviewActions"

type ReviewState = (typeof ADMIN_REVIEW_STATES)[number]

const STATE_LABELS: Record<ReviewState, string> = { reported: "Reported", hidden: "Hidden", all: "All" }

const stateChoices = ADMIN_REVIEW_STATES.map((state) => ({ id: state, name: STATE_LABELS[state] }))

// Required, so the filter offers only the three states (no empty choice).
const reviewFilters = [<SelectInput key="state" source="state" label="State" choices={stateChoices} validate={required()} alwaysOn />]

const reportedFirst = { state: "reported" satisfies ReviewState }

const STATUS_LABELS: Record<AdminReview["status"], string> = { visible: "Visible", hidden: "Hidden", withdrawn: "Withdrawn" }

const STATUS_COLORS: Record<AdminReview["status"], ChipProps["color"]> = { visible: "success", hidden: "warning", withdrawn: "default" }

const NoReviews = () => <Typography sx={{ p: 2 }}>No reviews.</Typography>

const stars = ({ rating }: AdminReview) => (
  <span role="img" aria-label={`${String(rating)} of 5 stars`} style={{ whiteSpace: "nowrap" }}>
    {"★".repeat(rating)}
    {"☆".repeat(Math.max(0, 5 - rating))}
  </span>
)

const fit = (review: AdminReview) => (
  <>
    <div>{FIT_ANSWER_LABELS[review.fit]}</div>
    {review.sizeBought && <Typography variant="body2" color="text.secondary">{`Size ${review.sizeBought}`}</Typography>}
  </>
)

const words = (review: AdminReview) => (
  <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", maxWidth: 420 }}>
    {review.photo && (
      <Link href={review.photo.url} target="_blank" rel="noreferrer" sx={{ flexShrink: 0 }}>
        <img
          src={review.photo.thumbnailUrl}
          alt={`${review.product.title}, as @${review.author.handle} shows it`}
          width={64}
          height={64}
          style={{ objectFit: "cover" }}
        />
      </Link>
    )}
    {review.text && <Typography variant="body2">{review.text}</Typography>}
  </Box>
)

const author = (review: AdminReview) => `@${review.author.handle}`

/** The status; a hidden review says why: staff's reason (the author was told it), else that reports hid it. */
const status = (review: AdminReview) => (
  <>
    <Chip size="small" label={STATUS_LABELS[review.status]} color={STATUS_COLORS[review.status]} />
    {review.status === "hidden" && (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {review.hiddenReason === null ? "Hidden by reports" : `Reason: ${review.hiddenReason}`}
      </Typography>
    )}
  </>
)

/** "3 reports (2 trusted)", then what they said. */
function reports({ reports: { count, trusted, reasons } }: AdminReview) {
  if (count === 0) return "—"
  return (
    <>
      <div>{`${formatCount(count)} ${count === 1 ? "report" : "reports"} (${formatCount(trusted)} trusted)`}</div>
      {reasons.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {reasons.join(", ")}
        </Typography>
      )}
    </>
  )
}

/** "Reviews": buyers' product reviews, the reported ones first, for staff to hide (telling the author why) or restore. */
export function ReviewList() {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Reviews
      </Typography>
      <List resource="reviews" title="Reviews" filters={reviewFilters} filterDefaultValues={reportedFirst} empty={<NoReviews />} exporter={false}>
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoReviews />}>
          <DataTable.Col source="product.title" label="Product" disableSort />
          <DataTable.Col label="Rating" render={stars} />
          <DataTable.Col label="Fit" render={fit} />
          <DataTable.Col label="Review" render={words} />
          <DataTable.Col label="Author" render={author} />
          <DataTable.Col source="createdAt" label="Date" disableSort>
            <DateField source="createdAt" locales="en-IN" />
          </DataTable.Col>
          <DataTable.Col label="Status" render={status} />
          <DataTable.Col label="Reports" render={reports} />
          <DataTable.Col label="Actions">
            <HideReviewButton />
            <RestoreReviewButton />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  )
}
