import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { startFromServerAnswer } from "@/lib/server-answers"
import { LISTING_PAGE_SIZES, type ProductList } from "@fitshop/contracts"

/** Spec section 9: the home carousel shows the 8 most popular products. */
export const BEST_SELLERS_LIMIT = LISTING_PAGE_SIZES.bestSellers

export const bestSellersParams = { active: true, sort: "popular", limit: BEST_SELLERS_LIMIT } as const

export const getBestSellers = (signal?: AbortSignal) =>
  apiClient.get<ProductList>("/api/products", { params: bestSellersParams, signal, skipSessionRefresh: true })

/** They usually come inside the home page's HTML (lib/server-answers). */
export const getBestSellersQueryOptions = () =>
  queryOptions({
    queryKey: ["products", "list", bestSellersParams],
    queryFn: ({ signal }) => getBestSellers(signal),
    ...startFromServerAnswer<ProductList>("/api/products", bestSellersParams),
  })

export const useBestSellers = () => useQuery(getBestSellersQueryOptions())
