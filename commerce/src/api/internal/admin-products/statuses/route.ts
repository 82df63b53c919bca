import { randomUUID } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { setAdminProductsStatusWorkflow } from "../../../../workflows/admin-products/workflows/set-admin-products-status"
import type { InternalAdminProductStatusesType } from "../validators"

/** Sets the status of many products at once (publish, draft, archive); answers the ids that exist and changed. */
export const POST = async (req: MedusaRequest<InternalAdminProductStatusesType>, res: MedusaResponse) => {
  const { ids, status } = req.validatedBody
  const { result } = await setAdminProductsStatusWorkflow(req.scope).run({ input: { ids, status, lock_owner: randomUUID() } })
  res.json({ ids: result })
}
