import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import { formatShortDate } from "@/lib/dates"
import { FIT_ANSWER_LABELS, type Review } from "@fitshop/contracts"
import { Stars } from "./stars"

/** What its author reads on a review staff hid: the rest of the shop no longer sees it. */
export const HIDDEN_BY_STAFF_TEXT = "Our staff hid this review, so only you can see it. We have e-mailed you the reason."

export const authorPath = (review: Review) => paths.fitProfile(`@${review.author.handle}`)

type ReviewActions = {
  onEdit: (review: Review) => void
  onWithdraw: (review: Review) => void
  /** Absent for a visitor who is not signed in: only shoppers report. */
  onReport?: (review: Review) => void
}

/** One review: stars, fit, size bought, text, photo, date, the author's handle, and what the reader may do with it. */
export function ReviewCard({ review, onEdit, onWithdraw, onReport }: { review: Review } & ReviewActions) {
  return (
    <article className="review" aria-label={`Review by @${review.author.handle}`}>
      <div className="review__head">
        <Stars value={review.rating} />
        <span className="review__fit">{FIT_ANSWER_LABELS[review.fit]}</span>
        {review.verifiedBuyer ? <span className="review__verified">Verified buyer</span> : null}
      </div>
      <p className="review__byline">
        <Link className="text-link" to={authorPath(review)}>
          @{review.author.handle}
        </Link>
        {" · "}
        <time dateTime={review.createdAt}>{formatShortDate(review.createdAt)}</time>
        {review.editedAt ? " · Edited" : null}
      </p>
      {review.sizeBought ? <p className="review__size">Size bought: {review.sizeBought}</p> : null}
      {review.text ? <p className="review__text">{review.text}</p> : null}
      {review.photo ? (
        <a className="review__photo" href={review.photo.url}>
          <img src={review.photo.thumbnailUrl} alt={`From @${review.author.handle}'s review`} loading="lazy" width={120} height={150} />
        </a>
      ) : null}
      {review.incentive ? <p className="review__incentive">{review.incentive}</p> : null}
      {review.mine && review.hidden ? (
        <p className="review__hidden" role="note">
          {HIDDEN_BY_STAFF_TEXT}
        </p>
      ) : null}
      {review.mine ? (
        <div className="review__actions">
          <button
            type="button"
            className="button review__action"
            onClick={() => {
              onEdit(review)
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="button review__action"
            onClick={() => {
              onWithdraw(review)
            }}
          >
            Withdraw
          </button>
        </div>
      ) : onReport ? (
        <div className="review__actions">
          <button
            type="button"
            className="button review__action"
            onClick={() => {
              onReport(review)
            }}
          >
            Report
          </button>
        </div>
      ) : null}
    </article>
  )
}
