import { randomUUID } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { updateAdminProductWorkflow } from "../../../../../workflows/admin-products/workflows/update-admin-product"
import { adminProductView, productHome, productWrite, workflowFailure } from "../../helpers"
import type { InternalAdminProductVersionType } from "../../validators"

const BUSY_MESSAGE = "This product is being saved by someone else right now. Try again in a moment."

/** The answer for a refused update: a stale version or a lock not had in time is a 409, an unknown product a 404. */
function refusal(error: unknown): { status: number; body: { type: string; message: string } } | undefined {
  const failure = workflowFailure(error)
  if (failure.type === MedusaError.Types.CONFLICT) return { status: 409, body: { type: "conflict", message: failure.message } }
  if (failure.type === MedusaError.Types.NOT_FOUND) return { status: 404, body: { type: "not_found", message: failure.message } }
  if (/acquir(e|ing) lock/i.test(failure.message)) return { status: 409, body: { type: "conflict", message: BUSY_MESSAGE } }
  return undefined
}

/**
 * Saves the next version of a product from the version the form was loaded at. A stale version (or a
 * save that could not get the product's lock in time) is a 409 that changes nothing; an unknown product a 404.
 */
export const POST = async (req: MedusaRequest<InternalAdminProductVersionType>, res: MedusaResponse) => {
  const { version, product: body } = req.validatedBody
  const [product, home] = await Promise.all([productWrite(req.scope, body), productHome(req.scope)])
  try {
    await updateAdminProductWorkflow(req.scope).run({
      input: { id: req.params.id, version, product, stock_location_id: home.stock_location_id, lock_owner: randomUUID() },
    })
  } catch (error) {
    const refused = refusal(error)
    if (!refused) throw error
    res.status(refused.status).json(refused.body)
    return
  }
  res.json({ product: await adminProductView(req.scope, req.params.id) })
}
