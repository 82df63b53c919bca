import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { startFromServerAnswer } from "@/lib/server-answers"
import { LISTING_PAGE_SIZES, type CategoryType, type ProductList } from "@fitshop/contracts"

export type CategoryCoverParams = {
  categoryType: CategoryType
  subcategory: string
}

/** One active men's product of a subcategory, whose picture illustrates that category tile. */
export const coverQuery = ({ categoryType, subcategory }: CategoryCoverParams) =>
  ({ active: true, gender: "MEN", categoryType, subcategory, limit: LISTING_PAGE_SIZES.categoryCover }) as const

export const getCategoryCover = (params: CategoryCoverParams, signal?: AbortSignal) =>
  apiClient.get<ProductList>("/api/products", { params: coverQuery(params), signal, skipSessionRefresh: true })

/** The first tab's covers usually come inside the home page's HTML (lib/server-answers). */
export const getCategoryCoverQueryOptions = (params: CategoryCoverParams) =>
  queryOptions({
    queryKey: ["products", "list", coverQuery(params)],
    queryFn: ({ signal }) => getCategoryCover(params, signal),
    ...startFromServerAnswer<ProductList>("/api/products", coverQuery(params)),
    select: (response) => response.products[0] ?? null,
  })

export const useCategoryCover = (params: CategoryCoverParams) => useQuery(getCategoryCoverQueryOptions(params))
