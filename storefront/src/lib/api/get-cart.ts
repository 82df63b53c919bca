import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import { queryKeys } from "@/lib/query-keys"
import type { Bag } from "@fitshop/contracts"

export const getCart = (signal?: AbortSignal) => apiClient.get<Bag>("/api/cart", { signal })

export const getCartQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.cart,
    queryFn: ({ signal }) => getCart(signal),
  })

/** Shared: the bag page, the header count and checkout read the same bag; only signed-in shoppers ask for it. */
export function useCart() {
  const { isSignedIn } = useSession()
  return useQuery({ ...getCartQueryOptions(), enabled: isSignedIn })
}

/** The header's bag count: the summary's itemCount, 0 when signed out or not loaded. */
export function useBagCount(): number {
  const { isSignedIn } = useSession()
  const { data } = useQuery({
    ...getCartQueryOptions(),
    enabled: isSignedIn,
    select: (cart) => cart.summary.itemCount,
  })
  return isSignedIn ? (data ?? 0) : 0
}
