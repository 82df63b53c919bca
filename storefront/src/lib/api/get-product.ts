import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { serverFailure, startFromServerAnswer } from "@/lib/server-answers"
import type { ProductPage } from "@fitshop/contracts"

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`

export const getProduct = (id: string, signal?: AbortSignal) => apiClient.get<ProductPage>(productPath(id), { signal, skipSessionRefresh: true })

/** A product page opened from a link usually comes with this answer inside its HTML (lib/server-answers). */
export const getProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["products", "detail", id],
    queryFn: ({ signal }) => getProduct(id, signal),
    ...startFromServerAnswer<ProductPage>(productPath(id)),
  })

/** The page came saying this product does not exist (the server's read of it answered 404): nothing to ask again. */
export const missingOnServer = (id: string) => serverFailure(productPath(id)) === 404

export const useProduct = (id: string) => useQuery({ ...getProductQueryOptions(id), enabled: !missingOnServer(id) })
