import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../lib/order-changes"
import { requestReturn } from "../../../../../lib/order-returns"
import type { InternalReturnRequestType } from "../../validators"

/**
 * A return the BFF decided on, made in Medusa so ops see it requested on the order: `{ return_id, status }`.
 * Idempotent by `bff_return_id`; another change of the order under way is a 409 the BFF retries.
 */
export const POST = async (req: MedusaRequest<InternalReturnRequestType>, res: MedusaResponse) => {
  await answerOrderChange(res, () => requestReturn(req.scope, req.params.id, req.validatedBody))
}
