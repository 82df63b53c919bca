import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { serverAnswersSentAt, takeServerAnswer } from "@/lib/server-answers"
import type { Gender, ListProductsParams, ProductList } from "@fitshop/contracts"

/**
 * GET /api/products query, in the API's own names and values; empty ones are left out of the URL. The
 * shop always names the gender and page size, sends `active` as a flag and a subcategory as the URL has it.
 */
export type ProductListParams = Omit<ListProductsParams, "active" | "gender" | "subcategory" | "limit" | "offset"> & {
  active: boolean
  gender: Gender
  subcategory?: string
  limit: number
  offset?: number
}

export const getProducts = (params: ProductListParams, signal?: AbortSignal) =>
  apiClient.get<ProductList>("/api/products", { params, signal, skipSessionRefresh: true })

/** A list's first page: the read a page's HTML may come with the answer to (lib/server-answers). */
export const firstPageParams = (params: Omit<ProductListParams, "offset">): ProductListParams => ({ ...params, offset: 0 })

/** The offset of the next page, or undefined once every one of `total` products is loaded. */
function nextProductsOffset(lastPage: ProductList, pages: ProductList[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.products.length, 0)
  return lastPage.products.length > 0 && loaded < lastPage.total ? loaded : undefined
}

/** The catalogue list page by page: each next page asks for `limit` more from the count loaded so far. */
export const getInfiniteProductsQueryOptions = (params: Omit<ProductListParams, "offset">) =>
  infiniteQueryOptions({
    queryKey: ["products", "list", params],
    queryFn: ({ pageParam, signal }) => getProducts({ ...params, offset: pageParam }, signal),
    initialPageParam: 0,
    // A /shop address opened from a link usually comes with its first page inside the HTML (lib/server-answers).
    initialData: () => {
      const firstPage = takeServerAnswer<ProductList>("/api/products", firstPageParams(params))
      return firstPage ? { pages: [firstPage], pageParams: [0] } : undefined
    },
    initialDataUpdatedAt: serverAnswersSentAt,
    getNextPageParam: nextProductsOffset,
  })

export const useInfiniteProducts = (params: Omit<ProductListParams, "offset">) => useInfiniteQuery(getInfiniteProductsQueryOptions(params))
