import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { ReviewAnswer, UpdateReviewBody } from "@fitshop/contracts"
import { reviewPath } from "./review-keys"
import { useRefreshReviews } from "./use-refresh-reviews"

/** PATCH /api/reviews/{id}: what changes. */
export const updateReview = ({ reviewId, body }: { reviewId: string; body: UpdateReviewBody }) => apiClient.patch<ReviewAnswer>(reviewPath(reviewId), body)

export function useUpdateReview(productId: string) {
  const refresh = useRefreshReviews(productId)
  return useMutation({ mutationFn: updateReview, onSuccess: refresh })
}
