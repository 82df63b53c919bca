import { useMutation, useQueryClient } from "@tanstack/react-query"
import { fitfeedKeys } from "@/lib/fitfeed-keys"
import { apiClient } from "@/lib/api-client"
import { getMyPostsQueryOptions } from "@/lib/api/get-my-posts"

/** DELETE /api/fitfeed/posts/{id}: own posts only (404 otherwise). */
export const deletePost = (id: string) => apiClient.delete<{ deleted: true }>(`/api/fitfeed/posts/${encodeURIComponent(id)}`)

/** The post leaves the list at once; every FITFEED read (feed, profiles) then reloads without it. */
export function useDeletePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, id) => {
      const { queryKey } = getMyPostsQueryOptions()
      queryClient.setQueryData(queryKey, (mine) => mine && { posts: mine.posts.filter((post) => post.id !== id) })
      return queryClient.invalidateQueries({ queryKey: fitfeedKeys.all })
    },
  })
}
