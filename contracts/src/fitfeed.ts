import { z } from "zod"

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
  /** Dark Coins the author earned from purchases made through this post. */
  earningsCoins: z.number().int(),
  /** Always true: only buyers can post. */
  verifiedBuyer: z.literal(true),
  /** The size on the author's order line, for the card's fit note. */
  sizeBought: z.string().nullable(),
  /** Hidden from everyone else after three reports, until staff review it; only its author sees this as true. */
  underReview: z.boolean(),
  user: fitfeedUserSchema,
  Product: fitfeedProductSchema.nullable(),
})
export type Post = z.infer<typeof postSchema>

export type PostsAnswer = { posts: Post[] }
export type PostAnswer = { post: Post }
export type ProfilePostsAnswer = { posts: Post[]; nextCursor: string | null }

/** A comment (spec section 3), with its author; canDelete when the reader wrote it or wrote the post. */
export type Comment = { id: string; postId: string; text: string; createdAt: string; user: FitfeedUser; canDelete: boolean }

export type CommentsAnswer = { comments: Comment[] }

export type LikeState = { likeCount: number; likedByMe: boolean }

export type FollowState = { isFollowing: boolean; followers: number }

/** GET /api/fitfeed/profile/{handleOrId} (spec section 3: Profile response). */
export type Profile = {
  user: FitfeedUser
  counts: { posts: number; followers: number; following: number }
  isFollowing: boolean
  isMe: boolean
}

/** POST /api/uploads/image. */
export type UploadAnswer = { url: string; thumbnailUrl: string }
