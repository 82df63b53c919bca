import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { startFromServerAnswer } from "@/lib/server-answers"
import { LEGAL_INFO_PATH, type LegalInfo } from "@fitshop/contracts"

export const getLegalInfo = (signal?: AbortSignal) => apiClient.get<LegalInfo>(LEGAL_INFO_PATH, { signal, skipSessionRefresh: true })

/** A policy page opened from a link comes with this answer inside its HTML (the server renders it with it); the facts change only at a restart. */
export const getLegalInfoQueryOptions = () =>
  queryOptions({
    queryKey: ["legal"],
    queryFn: ({ signal }) => getLegalInfo(signal),
    staleTime: 30 * 60_000,
    ...startFromServerAnswer<LegalInfo>(LEGAL_INFO_PATH),
  })

export const useLegalInfo = () => useQuery(getLegalInfoQueryOptions())
