import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { AddressesAnswer } from "@fitshop/contracts"

/** GET /api/addresses: the default first. */
export const getAddresses = (signal?: AbortSignal) => apiClient.get<AddressesAnswer>("/api/addresses", { signal })

export const getAddressesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.addresses,
    queryFn: ({ signal }) => getAddresses(signal),
  })

export const useAddresses = () => useQuery(getAddressesQueryOptions())
