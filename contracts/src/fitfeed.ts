import { z } from "zod"
import { CAPTION_MAX, COMMENT_MAX, REPORT_REASON_MAX } from "./fitfeed-limits.js"
import { PRODUCT_ID_PATTERN } from "./product-id.js"

/** A FITFEED author as the BFF sends them beside a post, a comment or a profile: never their e-mail, phone or role. */
export const fitfeedUserSchema = z.strictObject({ id: z.string(), name: z.string(), handle: z.string(), avatarUrl: z.string().nullable() })
export type FitfeedUser = z.infer<typeof fitfeedUserSchema>

/** The product a post is about; imageUrl is its primary picture. */
export const fitfeedProductSchema = z.strictObject({ id: z.string(), title: z.string(), imageUrl: z.string().nullable() })
export type FitfeedProduct = z.infer<typeof fitfeedProductSchema>

/**
 * A FITFEED post (spec section 3: Post) as every /api/fitfeed read answers it. Ids are digits. PostgreSQL writes
 * it as JSON text (bff fitfeed/posts.ts), so the BFF's tests parse real answers with this schema: a member
 * renamed, missing or added on either side fails them.
 */
export const postSchema = z.strictObject({
  id: z.string().regex(/^\d+$/),
  kind: z.literal("REGULAR"),
  productId: z.string(),
  text: z.string().nullable(),
  /** The full view (at most 1350 px on its long side). */
  imageUrl: z.string(),
  /** The same picture for grids and tiles (480 px wide). */
  thumbnailUrl: z.string(),
  likeCount: z.number().int().nonnegative(),
  commentCount: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  trending: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Dark Coins the author earned from purchases made through this post; null to anyone but the author. */
  earningsCoins: z.number().int().nullable(),
  /** Only buyers can post; false once part of the purchase came back (a purchase returned whole takes the post with it). */
  verifiedBuyer: z.boolean(),
  /** The size on the author's order line, for the card's fit note. */
  sizeBought: z.string().nullable(),
  /** Hidden from everyone else after three reports, until staff review it; only its author sees this as true. */
  underReview: z.boolean(),
  user: fitfeedUserSchema,
  Product: fitfeedProductSchema.nullable(),
})
export type Post = z.infer<typeof postSchema>

export const postsAnswerSchema = z.strictObject({ posts: z.array(postSchema) })
export type PostsAnswer = z.infer<typeof postsAnswerSchema>
export const postAnswerSchema = z.strictObject({ post: postSchema })
export type PostAnswer = z.infer<typeof postAnswerSchema>
export const profilePostsAnswerSchema = z.strictObject({ posts: z.array(postSchema), nextCursor: z.string().nullable() })
export type ProfilePostsAnswer = z.infer<typeof profilePostsAnswerSchema>

/** A comment (spec section 3), with its author; canDelete when the reader wrote it or wrote the post. */
export const commentSchema = z.strictObject({
  id: z.string(),
  postId: z.string(),
  text: z.string(),
  createdAt: z.string(),
  user: fitfeedUserSchema,
  canDelete: z.boolean(),
})
export type Comment = z.infer<typeof commentSchema>

export const commentsAnswerSchema = z.strictObject({ comments: z.array(commentSchema) })
export type CommentsAnswer = z.infer<typeof commentsAnswerSchema>

export const likeStateSchema = z.strictObject({ likeCount: z.number().int().nonnegative(), likedByMe: z.boolean() })
export type LikeState = z.infer<typeof likeStateSchema>

export const followStateSchema = z.strictObject({ isFollowing: z.boolean(), followers: z.number().int().nonnegative() })
export type FollowState = z.infer<typeof followStateSchema>

/** GET /api/fitfeed/profile/{handleOrId} (spec section 3: Profile response). */
export const profileSchema = z.strictObject({
  user: fitfeedUserSchema,
  counts: z.strictObject({ posts: z.number().int(), followers: z.number().int(), following: z.number().int() }),
  isFollowing: z.boolean(),
  isMe: z.boolean(),
})
export type Profile = z.infer<typeof profileSchema>

/** POST /api/uploads/image. */
export const uploadAnswerSchema = z.strictObject({ url: z.string(), thumbnailUrl: z.string() })
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>

/** POST /api/fitfeed/posts: a photo of a product the author bought, with an optional caption. */
export const createPostBody = z.object({
  kind: z.literal("REGULAR", { error: "must be REGULAR" }).default("REGULAR"),
  productId: z.string({ error: "Please select the product you bought." }).regex(PRODUCT_ID_PATTERN, "Please select the product you bought."),
  text: z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || value.length <= CAPTION_MAX, `The caption can be at most ${CAPTION_MAX} characters.`),
  /** The `url` POST /api/uploads/image answered. */
  imageUrl: z.string({ error: "Please add a photo." }).min(1, "Please add a photo."),
})
export type CreatePostBody = z.input<typeof createPostBody>

/** POST /api/fitfeed/posts/{id}/comments. */
export const commentBody = z.object({
  text: z
    .string({ error: "Write a comment first." })
    .trim()
    .min(1, "Write a comment first.")
    .max(COMMENT_MAX, `A comment can be at most ${COMMENT_MAX} characters.`),
})
export type CommentBody = z.input<typeof commentBody>

/** POST /api/fitfeed/posts/{id}/report. */
export const reportBody = z.object({
  reason: z
    .string({ error: "Tell us what is wrong with this post." })
    .trim()
    .min(1, "Tell us what is wrong with this post.")
    .max(REPORT_REASON_MAX, `Keep the reason under ${REPORT_REASON_MAX} characters.`),
})
export type ReportBody = z.input<typeof reportBody>
