import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../../../lib/order-changes"
import { cancelReturn } from "../../../../../../../lib/order-returns"

/** Cancels a return not yet received; `skipped` when it already was cancelled, 409 once units were received. */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  await answerOrderChange(res, () => cancelReturn(req.scope, req.params.id, req.params.return_id))
}
