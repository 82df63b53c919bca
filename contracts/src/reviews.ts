import { z } from "zod"
import { fitfeedUserSchema } from "./fitfeed.js"
import { REPORT_REASON_MAX } from "./fitfeed-limits.js"
import { FIT_ANSWERS, REVIEW_TEXT_MAX } from "./review-rules.js"

/** Review ids are a bigint sequence, as posts': digits only. */
export const REVIEW_ID_PATTERN = /^[1-9][0-9]{0,17}$/

/** `rating` on the product answer: the average of visible reviews to one decimal and how many; null when there are none. */
export const ratingSchema = z.strictObject({ average: z.number().min(1).max(5), count: z.number().int().positive() })
export type Rating = z.infer<typeof ratingSchema>

/** How many visible reviews gave each number of stars, five first. */
export const ratingDistributionSchema = z.array(z.strictObject({ stars: z.number().int().min(1).max(5), count: z.number().int().nonnegative() })).length(5)
export type RatingDistribution = z.infer<typeof ratingDistributionSchema>

/** `fit` on the product answer (review-rules.ts fitVerdict); null until enough buyers answered. */
export const fitVerdictSchema = z.strictObject({ verdict: z.enum(FIT_ANSWERS), n: z.number().int().positive(), share: z.number().min(0).max(1) })

/** What the product answer carries of its reviews, beside the product. */
export const reviewSummarySchema = z.strictObject({
  rating: ratingSchema.nullable(),
  ratingDistribution: ratingDistributionSchema,
  fit: fitVerdictSchema.nullable(),
})
export type ReviewSummary = z.infer<typeof reviewSummarySchema>

/** A review's photo, made as a post's is (uploads): the full view and the thumbnail. */
export const reviewPhotoSchema = z.strictObject({ url: z.string(), thumbnailUrl: z.string() })

/**
 * A review as `GET /api/products/{id}/reviews` sends it. Every review is a buyer's whose line was delivered and kept;
 * `verifiedBuyer` turns false when part of that purchase came back (all of it back withdraws the review).
 */
export const reviewSchema = z.strictObject({
  id: z.string().regex(REVIEW_ID_PATTERN),
  productId: z.string(),
  rating: z.number().int().min(1).max(5),
  fit: z.enum(FIT_ANSWERS),
  /** The size on the author's order line (after an exchange, the size they kept). */
  sizeBought: z.string().nullable(),
  text: z.string().nullable(),
  photo: reviewPhotoSchema.nullable(),
  /** The author's FITFEED post of this product the review links to, while it can be seen. */
  postId: z.string().nullable(),
  verifiedBuyer: z.boolean(),
  /** What the author was given for writing it, said on the review (IS 19000); null: nothing. */
  incentive: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  editedAt: z.iso.datetime({ offset: true }).nullable(),
  author: fitfeedUserSchema,
  /** The reader wrote it (they may edit or withdraw it). */
  mine: z.boolean(),
  /** Staff hid it; only its author still sees it, marked so. */
  hidden: z.boolean(),
})
export type Review = z.infer<typeof reviewSchema>

export const reviewAnswerSchema = z.strictObject({ review: reviewSchema })
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>

/** `GET /api/products/{id}/reviews`: newest first; `nextCursor` reads the next page. */
export const reviewsAnswerSchema = z.strictObject({ reviews: z.array(reviewSchema), nextCursor: z.string().nullable() })
export type ReviewsAnswer = z.infer<typeof reviewsAnswerSchema>

export const REVIEWS_PAGE_SIZE = 10
const PAGE_RANGE = "must be a whole number from 1 to 50"

/** Its query: a page size, the cursor, only one number of stars, only reviews with a photo. */
export const reviewsQuery = z.object({
  limit: z.coerce.number({ error: PAGE_RANGE }).int(PAGE_RANGE).min(1, PAGE_RANGE).max(50, PAGE_RANGE).default(REVIEWS_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
  rating: z.coerce
    .number({ error: "must be a whole number from 1 to 5" })
    .int("must be a whole number from 1 to 5")
    .min(1, "must be a whole number from 1 to 5")
    .max(5, "must be a whole number from 1 to 5")
    .optional(),
  photo: z.enum(["true", "false"], { message: "must be true or false" }).optional(),
})
export type ReviewsQuery = z.input<typeof reviewsQuery>

export const RATING_REQUIRED = "Choose a rating from 1 to 5 stars."
export const FIT_REQUIRED = "Tell us how it fits: runs small, true to size or runs large."
export const REVIEW_TOO_LONG = `A review can be at most ${REVIEW_TEXT_MAX.toLocaleString("en-IN")} characters.`
export const NOT_YOUR_POST = "Link one of your own FITFEED posts of this product."
export const NOT_A_REVIEWER = "Only shoppers who received this product and kept it can review it."
export const ALREADY_REVIEWED = "You have already reviewed this product. You can edit your review instead."
export const REVIEW_NOT_FOUND = "Review not found"
export const NOTHING_TO_CHANGE = "Change the rating, fit, text, photo or linked post."

const rating = z.number({ error: RATING_REQUIRED }).int(RATING_REQUIRED).min(1, RATING_REQUIRED).max(5, RATING_REQUIRED)
const fit = z.enum(FIT_ANSWERS, { error: FIT_REQUIRED })
const text = z
  .string({ error: "The review must be text." })
  .nullish()
  .transform((value) => value?.trim() || null)
  .refine((value) => value === null || value.length <= REVIEW_TEXT_MAX, REVIEW_TOO_LONG)
/** The `url` POST /api/uploads/image answered, or the photo inline as a data URL, as a post's. */
const photo = z.string({ error: "Add the photo as an uploaded image." }).trim().min(1, "Add the photo as an uploaded image.").nullish()
const postId = z.string({ error: NOT_YOUR_POST }).regex(REVIEW_ID_PATTERN, NOT_YOUR_POST).nullish()

/** `POST /api/products/{id}/reviews`. */
export const createReviewBody = z.object({ rating, fit, text, photo, postId })
export type CreateReviewBody = z.input<typeof createReviewBody>

/** `PATCH /api/reviews/{id}`: what changes (null takes the text, photo or link away). */
export const updateReviewBody = z
  .object({ rating: rating.optional(), fit: fit.optional(), text: text.optional(), photo, postId })
  .refine((body) => Object.values(body).some((value) => value !== undefined), NOTHING_TO_CHANGE)
export type UpdateReviewBody = z.input<typeof updateReviewBody>

/** `POST /api/reviews/{id}/report`. */
export const reviewReportBody = z.object({
  reason: z
    .string({ error: "Tell us what is wrong with this review." })
    .trim()
    .min(1, "Tell us what is wrong with this review.")
    .max(REPORT_REASON_MAX, `Keep the reason under ${REPORT_REASON_MAX} characters.`),
})

/** `GET /api/products/{id}/size-hint`: the size a signed-in shopper kept most in similar pieces, and in how many; null when the shop doesn't know. */
export const sizeHintAnswerSchema = z.strictObject({ hint: z.strictObject({ size: z.string(), pieces: z.number().int().positive() }).nullable() })
export type SizeHintAnswer = z.infer<typeof sizeHintAnswerSchema>
