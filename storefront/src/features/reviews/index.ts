/** Reviews' public face: what the product page shows of them (the rating, the fit notes, the reviews section). */
export { FitVerdictNote, SizeHintNote } from "./components/fit-notes"
export { RatingSummary } from "./components/rating-summary"
export { ReviewsSection } from "./components/reviews-section"
