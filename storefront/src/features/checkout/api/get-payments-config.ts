import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { PaymentsConfig } from "@fitshop/contracts"

export type { PaymentsConfig }

export const getPaymentsConfig = (signal?: AbortSignal) => apiClient.get<PaymentsConfig>("/api/payments/config", { signal })

export const getPaymentsConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["payments", "config"],
    queryFn: ({ signal }) => getPaymentsConfig(signal),
  })

export const usePaymentsConfig = () => useQuery(getPaymentsConfigQueryOptions())
