import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../../../lib/order-changes"
import { cancelExchange } from "../../../../../../../lib/order-exchanges"

/** Cancels an exchange not yet shipped (its return, its new sizes' reservations); `skipped` when it already was, 409 once shipped. */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  await answerOrderChange(res, () => cancelExchange(req.scope, req.params.id, req.params.exchange_id))
}
