import { randomUUID } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../../../lib/order-changes"
import { receiveBffReturnWorkflow } from "../../../../../../../workflows/order-returns/workflows/receive-bff-return"

/** The parcel reached the warehouse: every requested unit received and restocked; `skipped` when it already was. */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const input = { order_id: req.params.id, return_id: req.params.return_id, lock_owner: randomUUID() }
  await answerOrderChange(res, async () => (await receiveBffReturnWorkflow(req.scope).run({ input })).result)
}
