import { useId, useRef, useState, type FormEvent } from "react"
import { FormError } from "@/components/ui/form-error"
import { PHOTO_ACCEPT, PHOTO_HINT, usePhotoUpload } from "@/features/fitfeed"
import { errorMessage } from "@/lib/api-client"
import { useMyPosts } from "@/lib/api/get-my-posts"
import { formatShortDate } from "@/lib/dates"
import { createReviewBody, FIT_ANSWER_LABELS, FIT_ANSWERS, REVIEW_TEXT_MAX, updateReviewBody, type FitAnswer, type Post, type Review } from "@fitshop/contracts"
import { useCreateReview } from "../api/create-review"
import { useUpdateReview } from "../api/update-review"

const STARS = [1, 2, 3, 4, 5] as const

type Field = "rating" | "fit" | "text" | "photo" | "postId"
type Problems = Partial<Record<Field | "form", string>>

/** The contract's messages, one a field (the first wins); a message about no field at all is the form's. */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Problems {
  const problems: Problems = {}
  for (const issue of issues) {
    const field = typeof issue.path[0] === "string" ? (issue.path[0] as Field) : "form"
    problems[field] ??= issue.message
  }
  return problems
}

const postLabel = (post: Post) => post.text ?? `Post of ${formatShortDate(post.createdAt)}`

type ReviewFormProps = {
  productId: string
  /** The review being edited; none for a new one. */
  review: Review | null
  onDone: () => void
  onCancel: () => void
}

/**
 * Writes or edits the shopper's review: stars (radio buttons, so arrow keys move between them), fit, text with its
 * counter, an optional photo (uploaded as a FITFEED post's) and an optional link to one of their posts of the product.
 */
export function ReviewForm({ productId, review, onDone, onCancel }: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(review?.rating ?? null)
  const [fit, setFit] = useState<FitAnswer | null>(review?.fit ?? null)
  const [text, setText] = useState(review?.text ?? "")
  const [keepPhoto, setKeepPhoto] = useState(review?.photo !== null && review?.photo !== undefined)
  const [postId, setPostId] = useState(review?.postId ?? "")
  const [problems, setProblems] = useState<Problems>({})
  const upload = usePhotoUpload()
  const posts = useMyPosts()
  const create = useCreateReview(productId)
  const update = useUpdateReview(productId)
  const sending = useRef(false)
  const ids = { text: useId(), count: useId(), photo: useId(), photoHint: useId(), post: useId(), rating: useId(), fit: useId() }
  const linkable = (posts.data?.posts ?? []).filter((post) => post.productId === productId)
  const uploaded = upload.photo?.uploaded ?? null
  const pending = create.isPending || update.isPending

  /** The photo as the body sends it: a new upload's address, null for none (or to take the old one away), else unchanged. */
  const photoField = () => {
    if (uploaded) return uploaded.url
    if (review && (keepPhoto || !review.photo)) return undefined
    return null
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending.current || upload.uploading) return
    const body = { rating: rating ?? undefined, fit: fit ?? undefined, text, photo: photoField(), postId: postId || null }
    const parsed = review ? updateReviewBody.safeParse(body) : createReviewBody.safeParse(body)
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error.issues))
      return
    }
    setProblems({})
    sending.current = true
    try {
      // Checked above: a new review's body has its rating and fit.
      if (review) await update.mutateAsync({ reviewId: review.id, body })
      else await create.mutateAsync({ productId, body: createReviewBody.parse(body) })
      onDone()
    } catch (failure) {
      setProblems({ form: errorMessage(failure, "Could not save your review. Please try again.") })
    } finally {
      sending.current = false
    }
  }

  return (
    <form className="review-form" onSubmit={(event) => void submit(event)} noValidate aria-label={review ? "Edit your review" : "Write a review"}>
      <fieldset className="review-form__stars" aria-describedby={problems.rating ? ids.rating : undefined}>
        <legend className="field__label">Your rating</legend>
        {STARS.map((stars) => (
          <label key={stars} className="review-form__star">
            <input
              type="radio"
              name="review-rating"
              value={stars}
              checked={rating === stars}
              aria-label={`${String(stars)} ${stars === 1 ? "star" : "stars"}`}
              onChange={() => {
                setRating(stars)
              }}
            />
            <span aria-hidden="true" className={rating !== null && stars <= rating ? "stars__on" : "stars__off"}>
              ★
            </span>
          </label>
        ))}
        <FormError id={ids.rating} message={problems.rating} />
      </fieldset>

      <fieldset className="review-form__fit" aria-describedby={problems.fit ? ids.fit : undefined}>
        <legend className="field__label">How does it fit?</legend>
        {FIT_ANSWERS.map((answer) => (
          <label key={answer} className="checkbox">
            <input
              type="radio"
              name="review-fit"
              value={answer}
              checked={fit === answer}
              onChange={() => {
                setFit(answer)
              }}
            />
            {FIT_ANSWER_LABELS[answer]}
          </label>
        ))}
        <FormError id={ids.fit} message={problems.fit} />
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor={ids.text}>
          Your review (optional)
        </label>
        <textarea
          id={ids.text}
          className="field__input"
          rows={4}
          value={text}
          aria-describedby={ids.count}
          aria-invalid={problems.text ? true : undefined}
          onChange={(event) => {
            setText(event.target.value)
          }}
        />
        <p id={ids.count} className={text.length > REVIEW_TEXT_MAX ? "field__hint field__hint--over" : "field__hint"}>
          {text.length.toLocaleString("en-IN")}/{REVIEW_TEXT_MAX.toLocaleString("en-IN")}
        </p>
        <FormError message={problems.text} />
      </div>

      <div className="field">
        <label className="field__label" htmlFor={ids.photo}>
          Photo (optional)
        </label>
        {review?.photo && keepPhoto && !upload.photo ? (
          <div className="review-form__photo">
            <img src={review.photo.thumbnailUrl} alt="Added to your review" width={96} height={120} />
            <button
              type="button"
              className="button review__action"
              onClick={() => {
                setKeepPhoto(false)
              }}
            >
              Remove photo
            </button>
          </div>
        ) : null}
        <input
          id={ids.photo}
          className="field__input"
          type="file"
          accept={PHOTO_ACCEPT}
          aria-describedby={ids.photoHint}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) upload.choose(file)
          }}
        />
        <p id={ids.photoHint} className="field__hint">
          {PHOTO_HINT}
        </p>
        <FormError message={upload.error ?? problems.photo} />
        {upload.photo && !uploaded ? (
          <label className="review-form__progress">
            <span>Uploading {Math.round(upload.photo.progress * 100)}%</span>
            <progress value={upload.photo.progress} max={1} />
          </label>
        ) : null}
        {uploaded ? <p className="muted">Photo uploaded</p> : null}
      </div>

      {linkable.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor={ids.post}>
            Link your FITFEED post (optional)
          </label>
          <select
            id={ids.post}
            className="field__input"
            value={postId}
            onChange={(event) => {
              setPostId(event.target.value)
            }}
          >
            <option value="">No post</option>
            {linkable.map((post) => (
              <option key={post.id} value={post.id}>
                {postLabel(post)}
              </option>
            ))}
          </select>
          <FormError message={problems.postId} />
        </div>
      ) : null}

      <FormError message={problems.form} />
      <div className="review-form__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={pending || upload.uploading}>
          {pending ? "Sending…" : upload.uploading ? "Uploading…" : review ? "Save changes" : "Post review"}
        </button>
      </div>
    </form>
  )
}
