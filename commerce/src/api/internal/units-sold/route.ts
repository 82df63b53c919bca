import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { queryGraph } from "../../../lib/query"

type OrderItem = { product_id?: string | null; quantity?: unknown } | null

const PAGE_SIZE = 500
const MAX_DAYS = 365

/**
 * Units sold per product over the last `days` days, from placed orders that were not cancelled.
 * The BFF ranks the catalogue's Popular sort with it. Guarded by the internal secret middleware.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const days = Number(req.query.days ?? 30)
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `days must be a whole number from 1 to ${MAX_DAYS}`)
  }
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000)
  const units = new Map<string, number>()
  for (let skip = 0; ; skip += PAGE_SIZE) {
    const { data: orders } = await queryGraph(req.scope, {
      entity: "order",
      fields: ["id", "items.product_id", "items.quantity"],
      filters: { created_at: { $gte: since }, status: { $nin: ["canceled", "draft"] } },
      pagination: { skip, take: PAGE_SIZE, order: { id: "ASC" } },
    })
    for (const item of orders.flatMap((order) => (order.items ?? []) as OrderItem[])) {
      const quantity = Number(item?.quantity ?? 0)
      if (!item?.product_id || !Number.isFinite(quantity) || quantity <= 0) continue
      units.set(item.product_id, (units.get(item.product_id) ?? 0) + quantity)
    }
    if (orders.length < PAGE_SIZE) break
  }
  res.json({ since: since.toISOString(), products: [...units].map(([id, sold]) => ({ id, units: sold })) })
}
