import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { MyOrdersAnswer } from "@fitshop/contracts"

/** GET /api/orders/mine: the shopper's orders, newest first. */
export const getMyOrders = (signal?: AbortSignal) => apiClient.get<MyOrdersAnswer>("/api/orders/mine", { signal })

export const getMyOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders,
    queryFn: ({ signal }) => getMyOrders(signal),
  })

export const useMyOrders = () => useQuery(getMyOrdersQueryOptions())
