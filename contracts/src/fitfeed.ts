/** A FITFEED author as the BFF sends them beside a post, a comment or a profile: never their e-mail, phone or role. */
export type FitfeedUser = { id: string; name: string; handle: string; avatarUrl: string | null }

/** The product a post is about; imageUrl is its primary picture. */
export type FitfeedProduct = { id: string; title: string; imageUrl: string | null }

/** A FITFEED post (spec section 3: Post) as every /api/fitfeed read answers it. Ids are digits. */
export type Post = {
  id: string
  kind: "REGULAR"
  productId: string
  text: string | null
  /** The full view (at most 1350 px on its long side). */
  imageUrl: string
  /** The same picture for grids and tiles (480 px wide). */
  thumbnailUrl: string
  likeCount: number
  commentCount: number
  likedByMe: boolean
  trending: boolean
  createdAt: string
  /** Dark Coins the author earned from purchases made through this post. */
  earningsCoins: number
  /** Always true: only buyers can post. */
  verifiedBuyer: true
  /** The size on the author's order line, for the card's fit note. */
  sizeBought: string | null
  /** Hidden from everyone else after three reports, until staff review it; only its author sees this as true. */
  underReview: boolean
  user: FitfeedUser
  Product: FitfeedProduct | null
}

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
