import { useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { Review } from "@fitshop/contracts"
import { productReviewsPath, reviewKeys } from "./review-keys"

/** GET /api/products/{id}/reviews/mine: the signed-in shopper's review of the product, hidden or not; null when none. */
export const getMyReview = (productId: string, signal?: AbortSignal) =>
  apiClient.get<{ review: Review | null }>(`${productReviewsPath(productId)}/mine`, { signal })

export const useMyReview = (productId: string, signedIn: boolean) =>
  useQuery({
    queryKey: reviewKeys.mine(productId),
    queryFn: ({ signal }) => getMyReview(productId, signal),
    enabled: signedIn,
    select: (answer) => answer.review ?? null,
  })
