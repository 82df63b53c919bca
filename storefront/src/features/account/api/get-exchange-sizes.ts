import { useQuery } from "@tanstack/react-query"
import { getProductQueryOptions } from "@/lib/api/get-product"
import { exchangeSizeOptions } from "../utils/returns"

/** The other sizes of the line's product, each marked in stock or not, from the product page's cached answer. */
export const useExchangeSizes = (productId: string, currentSize: string | null) =>
  useQuery({ ...getProductQueryOptions(productId), select: (page) => exchangeSizeOptions(page.product, currentSize) })
