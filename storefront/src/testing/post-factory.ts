import type { Comment, FitfeedUser, Post } from "@fitshop/contracts"

let sequence = 0

const next = () => {
  sequence += 1
  return String(sequence)
}

/** A Medusa-style product id, as the BFF checks them (prod_ and 26 upper-case letters or digits). */
export const buildProductId = () => `prod_${next().padStart(26, "0")}`

/** A unique FITFEED author; override only what a test cares about. */
export function buildFitfeedUser(overrides: Partial<FitfeedUser> = {}): FitfeedUser {
  const n = next()
  return { id: `user_post_${n}`, name: `Fit Poster ${n}`, handle: `poster${n}`, avatarUrl: null, ...overrides }
}

/** A post as the BFF presents it: a verified buyer's fit in size M, posted a minute ago, with its product. */
export function buildPost(overrides: Partial<Post> = {}): Post {
  const id = String(7000 + Number(next()))
  const productId = overrides.productId ?? buildProductId()
  return {
    id,
    kind: "REGULAR",
    productId,
    text: `Fit number ${id}`,
    imageUrl: `/media/posts/${id}.webp`,
    thumbnailUrl: `/media/posts/${id}-480.webp`,
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    trending: false,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    earningsCoins: 0,
    verifiedBuyer: true,
    sizeBought: "M",
    underReview: false,
    user: buildFitfeedUser(),
    Product: { id: productId, title: `Posted Hoodie ${id}`, imageUrl: `/media/products/${productId}.jpg` },
    ...overrides,
  }
}

/** A comment on `postId` by a new author, written a minute ago; not deletable unless overridden. */
export function buildComment(postId: string, overrides: Partial<Comment> = {}): Comment {
  const id = String(9000 + Number(next()))
  return {
    id,
    postId,
    text: `Comment ${id}`,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    user: buildFitfeedUser(),
    canDelete: false,
    ...overrides,
  }
}
