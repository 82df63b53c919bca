/** Which reviews a list shows: one number of stars or all, and only those with a photo or all. */
export type ReviewFilter = { rating: number | null; photo: boolean }

export const NO_FILTER: ReviewFilter = { rating: null, photo: false }

/** The react-query keys of a product's reviews; `all` covers every one, so a change refreshes them together. */
export const reviewKeys = {
  all: (productId: string) => ["reviews", productId] as const,
  list: (productId: string, filter: ReviewFilter) => ["reviews", productId, "list", filter] as const,
  mine: (productId: string) => ["reviews", productId, "mine"] as const,
  sizeHint: (productId: string) => ["reviews", productId, "size-hint"] as const,
}

/** `/api/products/{id}/reviews`; the shopper's own is `…/mine`. */
export const productReviewsPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}/reviews`

export const reviewPath = (reviewId: string) => `/api/reviews/${encodeURIComponent(reviewId)}`
