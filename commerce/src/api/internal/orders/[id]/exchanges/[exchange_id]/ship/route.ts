import { randomUUID } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../../../lib/order-changes"
import { shipBffExchangeWorkflow } from "../../../../../../../workflows/order-exchanges/workflows/ship-bff-exchange"
import type { InternalExchangeShipmentType } from "../../../../validators"

/** The exchange's new sizes handed to the courier: one fulfilment of them, shipped with the label; once. */
export const POST = async (req: MedusaRequest<InternalExchangeShipmentType>, res: MedusaResponse) => {
  const input = { order_id: req.params.id, exchange_id: req.params.exchange_id, shipment: req.validatedBody, lock_owner: randomUUID() }
  await answerOrderChange(res, async () => (await shipBffExchangeWorkflow(req.scope).run({ input })).result)
}
