import { useMutation, useQueryClient } from "@tanstack/react-query"
import { fitfeedKeys } from "@/components/fitfeed/fitfeed-keys"
import { prependToFeeds } from "@/components/fitfeed/post-cache"
import { apiClient } from "@/lib/api-client"
import type { PostAnswer } from "@fitshop/contracts"

export type CreatePostInput = {
  productId: string
  /** The caption, or null when there is none. */
  text: string | null
  /** The `url` POST /api/uploads/image answered. */
  imageUrl: string
}

/** POST /api/fitfeed/posts. */
export const createPost = (input: CreatePostInput) => apiClient.post<PostAnswer>("/api/fitfeed/posts", { kind: "REGULAR", ...input })

/** Publishes a post and shows it first in the feed; the author's own list reloads. */
export function useCreatePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPost,
    onSuccess: ({ post }) => {
      prependToFeeds(queryClient, post)
      void queryClient.invalidateQueries({ queryKey: fitfeedKeys.mine })
    },
  })
}
