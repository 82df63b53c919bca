import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import { queryKeys } from "@/lib/query-keys"
import type { Wishlist } from "@fitshop/contracts"

export const getWishlist = (signal?: AbortSignal) => apiClient.get<Wishlist>("/api/wishlist", { signal })

export const getWishlistQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.wishlist,
    queryFn: ({ signal }) => getWishlist(signal),
  })

/** Shared: the wardrobe page lists it and the catalogue's hearts show what is in it; signed-out visitors ask nothing. */
export function useWishlist() {
  const { isSignedIn } = useSession()
  return useQuery({ ...getWishlistQueryOptions(), enabled: isSignedIn })
}

/** Whether `productId` is already in the signed-in shopper's wardrobe (false while unknown). */
export function useIsInWardrobe(productId: string): boolean {
  const { isSignedIn } = useSession()
  const { data = false } = useQuery({
    ...getWishlistQueryOptions(),
    enabled: isSignedIn,
    select: (wishlist) => wishlist.items.some((item) => item.productId === productId),
  })
  return isSignedIn && data
}
