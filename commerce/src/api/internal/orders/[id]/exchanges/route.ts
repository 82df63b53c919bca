import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../lib/order-changes"
import { requestExchange } from "../../../../../lib/order-exchanges"
import type { InternalExchangeRequestType } from "../../validators"

/**
 * A size exchange the BFF decided on, made and confirmed in Medusa with the new sizes reserved:
 * `{ exchange_id, return_id, status }`. Idempotent by `bff_return_id`; a new size out of stock is a 409
 * `insufficient_inventory`, another change of the order under way a 409 `conflict`.
 */
export const POST = async (req: MedusaRequest<InternalExchangeRequestType>, res: MedusaResponse) => {
  await answerOrderChange(res, () => requestExchange(req.scope, req.params.id, req.validatedBody))
}
