import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { Wishlist } from "@fitshop/contracts"

/** DELETE /api/wishlist/{id}, with the wardrobe item's id. */
export const removeFromWishlist = (id: string) => apiClient.delete<null>(`/api/wishlist/${encodeURIComponent(id)}`)

/** Takes the item out of the cached wardrobe once the server has, then reloads it. */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Wishlist>(queryKeys.wishlist, (wishlist) => (wishlist ? { items: wishlist.items.filter((item) => item.id !== id) } : wishlist))
      return queryClient.invalidateQueries({ queryKey: queryKeys.wishlist })
    },
  })
}
