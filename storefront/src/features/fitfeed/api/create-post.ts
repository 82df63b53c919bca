import { useMutation, useQueryClient } from "@tanstack/react-query"
import { fitfeedKeys } from "@/lib/fitfeed-keys"
import { prependToFeeds } from "../utils/post-cache"
import { apiClient } from "@/lib/api-client"
import type { CreatePostBody, PostAnswer } from "@fitshop/contracts"

/** POST /api/fitfeed/posts: a REGULAR post unless told otherwise. */
export const createPost = (input: CreatePostBody) => apiClient.post<PostAnswer>("/api/fitfeed/posts", { kind: "REGULAR", ...input } satisfies CreatePostBody)

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
