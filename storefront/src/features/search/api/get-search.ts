import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { serverAnswersSentAt, takeServerAnswer } from "@/lib/server-answers"
import { SEARCH_API_PATH, type SearchAnswer } from "@fitshop/contracts"

/** `GET /api/search`'s parameters as searchFirstRead reads them from the address (q, filters, sort). */
export type SearchReadParams = Record<string, string>

export const getSearch = (params: SearchReadParams, cursor: string | null, signal?: AbortSignal) =>
  apiClient.get<SearchAnswer>(SEARCH_API_PATH, { params: cursor === null ? params : { ...params, cursor }, signal, skipSessionRefresh: true })

/** A search page by page: the first without a cursor (the read a /search page's HTML comes with), then each answer's nextCursor. */
export const getInfiniteSearchQueryOptions = (params: SearchReadParams) =>
  infiniteQueryOptions({
    queryKey: ["search", params],
    queryFn: ({ pageParam, signal }) => getSearch(params, pageParam, signal),
    initialPageParam: null as string | null,
    // A /search address opened from a link comes with its first page inside the HTML (lib/server-answers).
    initialData: () => {
      const firstPage = takeServerAnswer<SearchAnswer>(SEARCH_API_PATH, params)
      return firstPage ? { pages: [firstPage], pageParams: [null] } : undefined
    },
    initialDataUpdatedAt: serverAnswersSentAt,
    getNextPageParam: (lastPage: SearchAnswer) => lastPage.nextCursor,
    // A filter or sort changed: the results, facets and sort stay until the new answer replaces them.
    placeholderData: keepPreviousData,
  })

export const useInfiniteSearch = (params: SearchReadParams) => useInfiniteQuery(getInfiniteSearchQueryOptions(params))
