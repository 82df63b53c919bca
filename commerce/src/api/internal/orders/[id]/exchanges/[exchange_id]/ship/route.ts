import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../../../lib/order-changes"
import { shipExchange } from "../../../../../../../lib/order-exchanges"
import type { InternalExchangeShipmentType } from "../../../../validators"

/** The exchange's new sizes handed to the courier: one fulfilment of them, shipped with the label; once. */
export const POST = async (req: MedusaRequest<InternalExchangeShipmentType>, res: MedusaResponse) => {
  await answerOrderChange(res, () => shipExchange(req.scope, req.params.id, req.params.exchange_id, req.validatedBody))
}
