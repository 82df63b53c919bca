import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { AddToWishlistBody, WishlistItemAnswer } from "@fitshop/contracts"

export const addToWishlist = (productId: string) => apiClient.post<WishlistItemAnswer>("/api/wishlist", { productId } satisfies AddToWishlistBody)

export function useAddToWishlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.wishlist }),
  })
}
