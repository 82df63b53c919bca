import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { AddToBagBody, Bag } from "@fitshop/contracts"

/** POST /api/cart as the spec gives it; size may be null and refPostId is the stored referral, if any. */
export const addToCart = (input: AddToBagBody) => apiClient.post<Bag>("/api/cart", input)

/** Shared: the catalogue and the wardrobe both add to the bag, and the bag and its count then reload. */
export function useAddToCart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  })
}
