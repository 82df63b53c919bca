import { useQuery } from "@tanstack/react-query"
import { useDataProvider } from "react-admin"
import type { ConsoleDataProvider } from "../data-provider"

/** The periods staff pick from, in days; 30 is the console's default as it is the BFF's. */
export const SEARCH_PERIODS = [7, 30, 90] as const
export type SearchPeriod = (typeof SEARCH_PERIODS)[number]
export const DEFAULT_SEARCH_PERIOD: SearchPeriod = 30

/** What shoppers searched for over the last `days`, and what found nothing; as the dashboard does, an error shows at the first failure. */
export function useSearchQueries(days: SearchPeriod) {
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  return useQuery({
    queryKey: ["search", "queries", days],
    queryFn: ({ signal }) => dataProvider.getSearchQueries(days, { signal }).then(({ data }) => data),
    retry: false,
  })
}
