import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { ProductPage } from "@fitshop/contracts"
import { exchangeSizeOptions } from "../utils/returns"

/** GET /api/products/{id}: the product page's answer, read here for the sizes in stock now. */
export const getExchangeProduct = (productId: string, signal?: AbortSignal) =>
  apiClient.get<ProductPage>(`/api/products/${encodeURIComponent(productId)}`, { signal, skipSessionRefresh: true })

/**
 * Under the key the catalogue's product read uses (features/catalog/api/get-product, which a feature may not
 * import), so the two share one cached answer.
 */
export const getExchangeProductQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ["products", "detail", productId],
    queryFn: ({ signal }) => getExchangeProduct(productId, signal),
  })

/** The other sizes of the line's product, each marked in stock or not. */
export const useExchangeSizes = (productId: string, currentSize: string | null) =>
  useQuery({ ...getExchangeProductQueryOptions(productId), select: (page) => exchangeSizeOptions(page.product, currentSize) })
