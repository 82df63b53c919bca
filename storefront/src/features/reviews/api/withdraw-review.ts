import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { reviewPath } from "./review-keys"
import { useRefreshReviews } from "./use-refresh-reviews"

/** DELETE /api/reviews/{id}: the author withdraws it. */
export const withdrawReview = (reviewId: string) => apiClient.delete<{ withdrawn: true }>(reviewPath(reviewId))

export function useWithdrawReview(productId: string) {
  const refresh = useRefreshReviews(productId)
  return useMutation({ mutationFn: withdrawReview, onSuccess: refresh })
}
