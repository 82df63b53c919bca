import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { CommentsAnswer } from "@fitshop/contracts"
import { fitfeedKeys } from "@/lib/fitfeed-keys"
import { updateCachedPost } from "../utils/post-cache"

type DeleteCommentResponse = { deleted: true; commentCount: number }

/** DELETE /api/fitfeed/comments/{id}: the reader's own comment, or any comment on the reader's post. */
export const deleteComment = (commentId: string) => apiClient.delete<DeleteCommentResponse>(`/api/fitfeed/comments/${encodeURIComponent(commentId)}`)

/** Deletes a comment of post `postId`, then drops it from the list and takes the count from the answer. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: ({ commentCount }, commentId) => {
      queryClient.setQueryData<CommentsAnswer>(fitfeedKeys.comments(postId), (data) =>
        data ? { comments: data.comments.filter((item) => item.id !== commentId) } : data,
      )
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        commentCount: typeof commentCount === "number" ? commentCount : Math.max(0, post.commentCount - 1),
      }))
    },
  })
}
