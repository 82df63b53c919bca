import { randomUUID } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../../../lib/order-changes"
import { cancelBffReturnWorkflow } from "../../../../../../../workflows/order-returns/workflows/cancel-bff-return"

/** Cancels a return not yet received; `skipped` when it already was cancelled, 409 once units were received. */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const input = { order_id: req.params.id, return_id: req.params.return_id, lock_owner: randomUUID() }
  await answerOrderChange(res, async () => (await cancelBffReturnWorkflow(req.scope).run({ input })).result)
}
