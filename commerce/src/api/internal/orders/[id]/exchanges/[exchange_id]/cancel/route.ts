import { randomUUID } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../../../lib/order-changes"
import { cancelBffExchangeWorkflow } from "../../../../../../../workflows/order-exchanges/workflows/cancel-bff-exchange"

/** Cancels an exchange not yet shipped (its return, its new sizes' reservations); `skipped` when it already was, 409 once shipped. */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const input = { order_id: req.params.id, exchange_id: req.params.exchange_id, lock_owner: randomUUID() }
  await answerOrderChange(res, async () => (await cancelBffExchangeWorkflow(req.scope).run({ input })).result)
}
