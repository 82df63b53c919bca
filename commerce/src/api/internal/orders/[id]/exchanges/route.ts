import { randomUUID } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../lib/order-changes"
import { stockShort } from "../../../../../lib/order-exchanges"
import { requestBffExchangeWorkflow } from "../../../../../workflows/order-exchanges/workflows/request-bff-exchange"
import type { InternalExchangeRequestType } from "../../validators"

/**
 * A size exchange the BFF decided on, made and confirmed in Medusa with the new sizes reserved:
 * `{ exchange_id, return_id, status }`. Idempotent by `bff_return_id`; a new size out of stock is a 409
 * `insufficient_inventory`, another change of the order under way a 409 `conflict`.
 */
export const POST = async (req: MedusaRequest<InternalExchangeRequestType>, res: MedusaResponse) => {
  const input = { order_id: req.params.id, request: req.validatedBody, lock_owner: randomUUID() }
  await answerOrderChange(res, async () => {
    try {
      return (await requestBffExchangeWorkflow(req.scope).run({ input })).result
    } catch (error) {
      throw stockShort(input.request, error) ?? error
    }
  })
}
