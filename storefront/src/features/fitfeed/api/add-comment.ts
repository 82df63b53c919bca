import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { Comment, CommentsAnswer } from "@fitshop/contracts"
import { fitfeedKeys } from "@/lib/fitfeed-keys"
import { updateCachedPost } from "../utils/post-cache"

type AddCommentResponse = { comment: Comment; commentCount: number }

/** POST /api/fitfeed/posts/{id}/comments {text}. */
export const addComment = (postId: string, text: string) =>
  apiClient.post<AddCommentResponse>(`/api/fitfeed/posts/${encodeURIComponent(postId)}/comments`, { text })

/**
 * Adds a comment, then shows it first and takes the post's comment count from the answer. A read of the comments still
 * under way is cancelled first: answering after the comment was added, it would put back the list without it.
 */
export function useAddComment(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => addComment(postId, text),
    onMutate: () => queryClient.cancelQueries({ queryKey: fitfeedKeys.comments(postId) }),
    onSuccess: ({ comment, commentCount }) => {
      queryClient.setQueryData<CommentsAnswer>(fitfeedKeys.comments(postId), (data) => ({
        comments: [comment, ...(data?.comments ?? []).filter((item) => item.id !== comment.id)],
      }))
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        commentCount: typeof commentCount === "number" ? commentCount : post.commentCount + 1,
      }))
    },
  })
}
