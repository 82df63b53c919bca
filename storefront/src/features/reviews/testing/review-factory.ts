import type { ProductDetail, Review } from "@fitshop/contracts"
import { buildProduct } from "@/testing/product-factory"
import { buildFitfeedUser } from "@/testing/post-factory"

let sequence = 0

/** A visible review by a verified buyer of size M, written a day ago; override only what a test cares about. */
export function buildReview(overrides: Partial<Review> = {}): Review {
  sequence += 1
  return {
    id: String(5000 + sequence),
    productId: `prod_review_${String(sequence)}`,
    rating: 4,
    fit: "TRUE",
    sizeBought: "M",
    text: `Review text ${String(sequence)}`,
    photo: null,
    postId: null,
    verifiedBuyer: true,
    incentive: null,
    createdAt: "2026-03-14T10:00:00.000Z",
    editedAt: null,
    author: buildFitfeedUser(),
    mine: false,
    hidden: false,
    ...overrides,
  }
}

/** A product as its page reads it, with no reviews unless told otherwise. */
export function buildProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...buildProduct(),
    rating: null,
    ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
    fit: null,
    ...overrides,
  }
}
