import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ordersChangedSince } from "../../../../lib/order-states"
import { InternalOrderChanges } from "../validators"

/**
 * The orders changed since a moment, oldest change first: the BFF reads them on a schedule and applies
 * what it has not yet, so a change made while it was down (or whose notice was lost) still reaches it.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const query = InternalOrderChanges.safeParse(req.query)
  if (!query.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, query.error.issues.map((issue) => issue.message).join("; "))
  res.json({ orders: await ordersChangedSince(req.scope, query.data.since, query.data.limit) })
}
