import { PRODUCT_ID_PATTERN } from "@fitshop/contracts"
import { z } from "zod"

export { listProductsQuery, type ListProductsQuery } from "@fitshop/contracts"

export const productIdParams = z.object({
  id: z.string().regex(PRODUCT_ID_PATTERN, { message: "is not a product id" }),
})
