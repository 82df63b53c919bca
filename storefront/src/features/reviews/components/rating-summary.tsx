import type { Rating } from "@fitshop/contracts"
import { Stars } from "./stars"

/** "4.3 · 12 ratings", the average to one decimal and how many (one rating, one rating). */
export const ratingText = ({ average, count }: Rating) => `${average.toFixed(1)} · ${count.toLocaleString("en-IN")} ${count === 1 ? "rating" : "ratings"}`

/** The rating under the product's title, linking down to its reviews; nothing at all before the first review. */
export function RatingSummary({ rating }: { rating: Rating | null }) {
  if (!rating) return null
  return (
    <a className="rating-summary" href="#reviews">
      <Stars value={rating.average} label={`Rated ${rating.average.toFixed(1)} out of 5`} />
      <span className="rating-summary__text">{ratingText(rating)}</span>
    </a>
  )
}
