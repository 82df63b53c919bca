import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { reviewPath } from "./review-keys"

/** POST /api/reviews/{id}/report {reason}. */
export const reportReview = ({ reviewId, reason }: { reviewId: string; reason: string }) =>
  apiClient.post<{ reported: true }>(`${reviewPath(reviewId)}/report`, { reason })

export const useReportReview = () => useMutation({ mutationFn: reportReview })
