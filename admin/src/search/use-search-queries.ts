import { adminSearchQueriesSchema, type AdminSearchQueries } from "@fitshop/contracts"
import { useQuery } from "@tanstack/react-query"
import { authorizedJson } from "../lib/http-client"

/** The periods staff pick from, in days; 30 is the console's default as it is the BFF's. */
export const SEARCH_PERIODS = [7, 30, 90] as const
export type SearchPeriod = (typeof SEARCH_PERIODS)[number]
export const DEFAULT_SEARCH_PERIOD: SearchPeriod = 30

/** What shoppers searched for over the last `days`, and what found nothing. */
export async function getSearchQueries(days: SearchPeriod, { signal }: { signal?: AbortSignal } = {}): Promise<AdminSearchQueries> {
  return adminSearchQueriesSchema.parse(await authorizedJson(`/api/admin/search/queries?days=${String(days)}`, { signal }))
}

// As the dashboard does, the page shows its error at the first failure rather than after retries.
export const searchQueriesQueryOptions = (days: SearchPeriod) => ({
  queryKey: ["search", "queries", days],
  queryFn: ({ signal }: { signal: AbortSignal }) => getSearchQueries(days, { signal }),
  retry: false,
})

export const useSearchQueries = (days: SearchPeriod) => useQuery(searchQueriesQueryOptions(days))
