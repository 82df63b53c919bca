import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { CreateReviewBody, ReviewAnswer } from "@fitshop/contracts"
import { productReviewsPath } from "./review-keys"
import { useRefreshReviews } from "./use-refresh-reviews"

/** POST /api/products/{id}/reviews. */
export const createReview = ({ productId, body }: { productId: string; body: CreateReviewBody }) =>
  apiClient.post<ReviewAnswer>(productReviewsPath(productId), body)

export function useCreateReview(productId: string) {
  const refresh = useRefreshReviews(productId)
  return useMutation({ mutationFn: createReview, onSuccess: refresh })
}
