import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules, ProductStatus } from "@medusajs/framework/utils"

/**
 * How many products Medusa holds in each status (draft, proposed, published, rejected): the console's
 * dashboard counts drafts and archived products, which the BFF's read model (the shop's products) lacks.
 * Counts only, never rows. Guarded by the internal secret middleware.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const products = req.scope.resolve(Modules.PRODUCT)
  const statuses = Object.values(ProductStatus)
  const counts = await Promise.all(statuses.map(async (status) => (await products.listAndCountProducts({ status }, { take: 1, select: ["id"] }))[1]))
  res.json({ counts: Object.fromEntries(statuses.map((status, i) => [status, counts[i]])) })
}
