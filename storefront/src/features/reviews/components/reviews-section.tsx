import { lazy, Suspense, useEffect, useRef, useState } from "react"
import { useNavigate, useSearchParams } from "react-router-dom"
import { paths } from "@/config/paths"
import { useSession } from "@/lib/auth"
import { sessionStore, storageKeys } from "@/lib/storage"
import { reviewFormPath, type ProductDetail, type Review } from "@fitshop/contracts"
import { useMyReview } from "../api/get-my-review"
import { useReviews } from "../api/get-reviews"
import { NO_FILTER, type ReviewFilter } from "../api/review-keys"
import { RatingDistribution } from "./rating-distribution"
import { ratingText } from "./rating-summary"
import { ReviewCard } from "./review-card"
import { ReviewFilters } from "./review-filters"
import { ReviewPhotos } from "./review-photos"
import { Stars } from "./stars"
import "../reviews.css"

// The form, the report and the withdraw dialogs load when first opened, keeping them and zod (the form and the report
// validate with the contracts' schemas) out of the product page's first download. One dynamic import for the three:
// with one each (the form's and the report's), the bundler split the first download's shared code into six files.
const loadActions = () => import("./review-actions")
const ReviewForm = lazy(() => loadActions().then((module) => ({ default: module.ReviewForm })))
const ReportReviewDialog = lazy(() => loadActions().then((module) => ({ default: module.ReportReviewDialog })))
const WithdrawReviewDialog = lazy(() => loadActions().then((module) => ({ default: module.WithdrawReviewDialog })))

export const REVIEW_POSTED_TEXT = "Thanks for your review. It shows on this page now."
export const REVIEW_SAVED_TEXT = "Your review is saved."

/** The form being shown: a new review (review null) or the shopper's own. */
type Editing = { review: Review | null }

/** Signs a visitor in and brings them back to this product's review form, as the invitation e-mail's link does. */
function useSignInToReview(productId: string) {
  const navigate = useNavigate()
  return () => {
    const back = reviewFormPath(productId)
    sessionStore.set(storageKeys.returnToPath, back)
    void navigate(`${paths.login}?next=${encodeURIComponent(back)}`)
  }
}

function ReviewList({
  reviews,
  filtered,
  ...actions
}: { reviews: Review[]; filtered: boolean } & Pick<Parameters<typeof ReviewCard>[0], "onEdit" | "onWithdraw" | "onReport">) {
  if (reviews.length === 0) return <p className="muted">{filtered ? "No reviews match these filters." : "No reviews yet."}</p>
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} {...actions} />
        </li>
      ))}
    </ul>
  )
}

/**
 * The product's reviews (`id="reviews"`): how the stars spread, shoppers' photos, the list with its filters and
 * "Show more", the shopper's own review with Edit and Withdraw, Report on others', and the review form, opened by
 * "Write a review" or by the invitation's `?review=1`.
 */
export function ReviewsSection({ product }: { product: ProductDetail }) {
  const [filter, setFilter] = useState<ReviewFilter>(NO_FILTER)
  const reviews = useReviews(product.id, filter)
  const { ready, isSignedIn } = useSession()
  const myReview = useMyReview(product.id, isSignedIn)
  const mine = isSignedIn ? (myReview.data ?? null) : null
  const [editing, setEditing] = useState<Editing | null>(null)
  const [withdrawing, setWithdrawing] = useState<Review | null>(null)
  const [reporting, setReporting] = useState<Review | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const signInToReview = useSignInToReview(product.id)
  const [searchParams] = useSearchParams()
  const invited = searchParams.get("review") === "1"
  const openedByInvitation = useRef(false)
  const sectionRef = useRef<HTMLElement>(null)

  // The invitation's link opens the form once the session, and whether the shopper already wrote one, are known.
  const myReviewKnown = isSignedIn && !myReview.isPending
  useEffect(() => {
    if (!invited || openedByInvitation.current || !ready || !myReviewKnown) return
    openedByInvitation.current = true
    setEditing({ review: myReview.data ?? null })
    const section = sectionRef.current
    if (section && typeof section.scrollIntoView === "function") section.scrollIntoView()
  }, [invited, ready, myReviewKnown, myReview.data])

  const listed = (reviews.data?.pages ?? []).flatMap((page) => page.reviews).filter((review) => review.id !== mine?.id)
  const filtered = filter.rating !== null || filter.photo
  const edit = (review: Review) => {
    setNotice(null)
    setEditing({ review })
  }
  const actions = { onEdit: edit, onWithdraw: setWithdrawing, onReport: isSignedIn ? setReporting : undefined }

  return (
    <section id="reviews" ref={sectionRef} className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="section-title">
        Reviews
      </h2>

      {product.rating ? (
        <div className="reviews__summary">
          <p className="reviews__average">
            <Stars value={product.rating.average} label={`Rated ${product.rating.average.toFixed(1)} out of 5`} />
            <span>{ratingText(product.rating)}</span>
          </p>
          <RatingDistribution distribution={product.ratingDistribution} total={product.rating.count} />
        </div>
      ) : null}

      <ReviewPhotos reviews={listed} />

      {notice ? (
        <p className="reviews__notice" role="status">
          {notice}
        </p>
      ) : null}

      {editing ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <ReviewForm
            productId={product.id}
            review={editing.review}
            onCancel={() => {
              setEditing(null)
            }}
            onDone={() => {
              setNotice(editing.review ? REVIEW_SAVED_TEXT : REVIEW_POSTED_TEXT)
              setEditing(null)
            }}
          />
        </Suspense>
      ) : mine ? (
        <div className="reviews__mine">
          <h3 className="reviews__subtitle">Your review</h3>
          <ReviewCard review={mine} onEdit={edit} onWithdraw={setWithdrawing} />
        </div>
      ) : (
        <button
          type="button"
          className="button button--primary reviews__write"
          onClick={() => {
            setNotice(null)
            if (isSignedIn) setEditing({ review: null })
            else signInToReview()
          }}
        >
          Write a review
        </button>
      )}

      {product.rating || filtered ? <ReviewFilters value={filter} onChange={setFilter} /> : null}

      {reviews.isPending ? (
        <p className="muted" role="status">
          Loading reviews…
        </p>
      ) : reviews.isError ? (
        <p className="muted">We couldn’t load the reviews. Please try again later.</p>
      ) : (
        <ReviewList reviews={listed} filtered={filtered} {...actions} />
      )}

      {reviews.hasNextPage ? (
        <button
          type="button"
          className="button reviews__more"
          disabled={reviews.isFetchingNextPage}
          onClick={() => {
            void reviews.fetchNextPage()
          }}
        >
          {reviews.isFetchingNextPage ? "Loading…" : "Show more"}
        </button>
      ) : null}

      {withdrawing ? (
        <Suspense fallback={null}>
          <WithdrawReviewDialog
            productId={product.id}
            review={withdrawing}
            onClose={() => {
              setWithdrawing(null)
            }}
          />
        </Suspense>
      ) : null}
      {reporting ? (
        <Suspense fallback={null}>
          <ReportReviewDialog
            review={reporting}
            onClose={() => {
              setReporting(null)
            }}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
