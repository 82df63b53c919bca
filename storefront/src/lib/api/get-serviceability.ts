import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { Serviceability } from "@fitshop/contracts"

/** The BFF keeps each pincode's answer for hours; asked again after ten minutes, as its Cache-Control says, so a promise made before midnight is not shown a day late. */
const SERVICEABILITY_FRESH_MS = 10 * 60 * 1000

/** GET /api/serviceability: whether a courier reaches the pincode, collects cash there, and by which day. */
export const getServiceability = (pincode: string, signal?: AbortSignal) =>
  apiClient.get<Serviceability>(`/api/serviceability?pincode=${encodeURIComponent(pincode)}`, { signal, skipSessionRefresh: true })

export const getServiceabilityQueryOptions = (pincode: string) =>
  queryOptions({
    queryKey: ["serviceability", pincode],
    queryFn: ({ signal }) => getServiceability(pincode, signal),
    staleTime: SERVICEABILITY_FRESH_MS,
    // An outage shows no promise; asking again at once would not make one.
    retry: false,
  })

/** The answer for a pincode, or nothing asked while there is none. */
export const useServiceability = (pincode: string | null) => useQuery({ ...getServiceabilityQueryOptions(pincode ?? ""), enabled: pincode !== null })
