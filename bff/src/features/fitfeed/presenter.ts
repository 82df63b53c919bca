import type { PostRow } from "./posts.js"

export type FitfeedUser = { id: string; name: string; handle: string; avatarUrl: string | null }

/** The spec's Post, plus the buyer's fit note (verifiedBuyer, sizeBought) and the author's own review mark. */
export function presentPost(row: PostRow) {
  return {
    id: row.id,
    kind: row.kind,
    productId: row.product_id,
    text: row.text,
    imageUrl: row.image_url,
    thumbnailUrl: row.thumb_url,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    likedByMe: row.liked_by_me,
    trending: row.trending,
    createdAt: row.created_at.toISOString(),
    earningsCoins: row.earnings_coins,
    verifiedBuyer: true as const,
    sizeBought: row.size_bought,
    underReview: row.under_review,
    user: presentAuthor({ id: row.user_id, name: row.user_name, handle: row.user_handle, avatar_url: row.user_avatar_url }),
    Product: row.product_title === null ? null : { id: row.product_id, title: row.product_title, imageUrl: row.product_image_url },
  }
}

export type Post = ReturnType<typeof presentPost>

/** The public face of a person on FITFEED: never their e-mail, phone or role. */
export function presentAuthor(row: { id: string; name: string; handle: string; avatar_url: string | null }): FitfeedUser {
  return { id: row.id, name: row.name, handle: row.handle, avatarUrl: row.avatar_url }
}
