import { useQueryClient } from "@tanstack/react-query"
import { getProductQueryOptions } from "@/lib/api/get-product"
import { reviewKeys } from "./review-keys"

/** A review written, changed or withdrawn changes the lists, the shopper's own and the product's rating and verdict. */
export function useRefreshReviews(productId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.all(productId) }),
      queryClient.invalidateQueries({ queryKey: getProductQueryOptions(productId).queryKey }),
    ])
}
