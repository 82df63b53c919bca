import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { WishlistItem } from "@fitshop/contracts"

export const addToWishlist = (productId: string) => apiClient.post<{ item: WishlistItem }>("/api/wishlist", { productId })

export function useAddToWishlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.wishlist }),
  })
}
