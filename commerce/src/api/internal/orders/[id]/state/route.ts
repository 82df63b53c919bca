import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { orderState } from "../../../../../lib/order-states"

/** One order's state, for the BFF's sync job after a notice that the order changed. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const state = await orderState(req.scope, req.params.id)
  if (!state) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${req.params.id} was not found`)
  res.json({ order: state })
}
