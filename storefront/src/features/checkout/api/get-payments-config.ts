import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"

/** What checkout needs to take a payment; liveTestAvailable is true only for admins when the server allows it. */
export type PaymentsConfig = {
  key: string
  checkoutScriptUrl: string
  liveTestAvailable: boolean
  codFeePaise: number
}

export const getPaymentsConfig = (signal?: AbortSignal) => apiClient.get<PaymentsConfig>("/api/payments/config", { signal })

export const getPaymentsConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["payments", "config"],
    queryFn: ({ signal }) => getPaymentsConfig(signal),
  })

export const usePaymentsConfig = () => useQuery(getPaymentsConfigQueryOptions())
