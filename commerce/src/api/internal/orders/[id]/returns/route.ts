import { randomUUID } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../lib/order-changes"
import { requestBffReturnWorkflow } from "../../../../../workflows/order-returns/workflows/request-bff-return"
import type { InternalReturnRequestType } from "../../validators"

/**
 * A return the BFF decided on, made in Medusa so ops see it requested on the order: `{ return_id, status }`.
 * Idempotent by `bff_return_id`; another change of the order under way is a 409 the BFF retries.
 */
export const POST = async (req: MedusaRequest<InternalReturnRequestType>, res: MedusaResponse) => {
  const input = { order_id: req.params.id, request: req.validatedBody, lock_owner: randomUUID() }
  await answerOrderChange(res, async () => (await requestBffReturnWorkflow(req.scope).run({ input })).result)
}
