import { z } from "zod"
import { adminPageQuery } from "./admin.js"
import { FIT_ANSWERS } from "./review-rules.js"
import { reviewPhotoSchema } from "./reviews.js"

/** Which reviews staff list: the ones reported (hidden by reports or not yet), the hidden ones, or all. */
export const ADMIN_REVIEW_STATES = ["reported", "hidden", "all"] as const

/** GET /api/admin/reviews?state=&limit=&offset= (newest report first for reported, newest first otherwise). */
export const adminReviewListQuery = adminPageQuery.extend({
  state: z.enum(ADMIN_REVIEW_STATES, { message: `must be one of ${ADMIN_REVIEW_STATES.join(", ")}` }).default("reported"),
})

/** A review as staff read it: who wrote it, what reports said, whether it shows. */
export const adminReviewSchema = z.strictObject({
  id: z.string(),
  product: z.strictObject({ id: z.string(), title: z.string() }),
  rating: z.number().int(),
  fit: z.enum(FIT_ANSWERS),
  sizeBought: z.string().nullable(),
  text: z.string().nullable(),
  photo: reviewPhotoSchema.nullable(),
  author: z.strictObject({ id: z.string(), name: z.string(), handle: z.string() }),
  createdAt: z.string(),
  /** visible: shown to shoppers; hidden: by staff or by trusted reporters, until staff restore it; withdrawn: by its author or a return. */
  status: z.enum(["visible", "hidden", "withdrawn"]),
  hiddenAt: z.string().nullable(),
  /** Why staff hid it (the author is told); null when reports hid it. */
  hiddenReason: z.string().nullable(),
  /** Reports: all of them, those from trusted reporters (which hide it at three), their reasons. */
  reports: z.strictObject({ count: z.number().int(), trusted: z.number().int(), reasons: z.array(z.string()), lastAt: z.string().nullable() }),
})
export type AdminReview = z.infer<typeof adminReviewSchema>
/** POST /api/admin/reviews/{id}/hide and /restore: the review as it stands now. */
export const adminReviewAnswerSchema = z.strictObject({ review: adminReviewSchema })
export const adminReviewListSchema = z.strictObject({ reviews: z.array(adminReviewSchema), total: z.number().int().nonnegative() })
export type AdminReviewList = z.infer<typeof adminReviewListSchema>

/** POST /api/admin/reviews/{id}/hide: the reason, which the author is told. */
export const hideReviewBody = z.object({
  reason: z
    .string({ error: "Tell the author why the review is hidden." })
    .trim()
    .min(1, "Tell the author why the review is hidden.")
    .max(500, "Keep the reason under 500 characters."),
})

/**
 * GET /api/admin/analytics/fit-returns: per product, the units delivered in the last 90 days and how many of them
 * came back or were exchanged for fit (too small, too big); `rate` is their share. Highest rate first.
 */
export const fitReturnRateSchema = z.strictObject({
  productId: z.string(),
  title: z.string(),
  unitsDelivered: z.number().int().nonnegative(),
  tooSmall: z.number().int().nonnegative(),
  tooBig: z.number().int().nonnegative(),
  rate: z.number().min(0),
})
export type FitReturnRate = z.infer<typeof fitReturnRateSchema>
export const fitReturnRatesSchema = z.strictObject({ products: z.array(fitReturnRateSchema) })
export type FitReturnRates = z.infer<typeof fitReturnRatesSchema>
