import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"

type ReportPostInput = { postId: string; reason: string }

/** POST /api/fitfeed/posts/{id}/report {reason}. */
export const reportPost = ({ postId, reason }: ReportPostInput) =>
  apiClient.post<{ reported: true }>(`/api/fitfeed/posts/${encodeURIComponent(postId)}/report`, { reason })

export const useReportPost = () => useMutation({ mutationFn: reportPost })
