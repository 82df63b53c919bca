import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../../../lib/order-changes"
import { receiveReturn } from "../../../../../../../lib/order-returns"

/** The parcel reached the warehouse: every requested unit received and restocked; `skipped` when it already was. */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  await answerOrderChange(res, () => receiveReturn(req.scope, req.params.id, req.params.return_id))
}
