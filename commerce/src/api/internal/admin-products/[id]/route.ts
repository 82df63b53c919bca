import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { adminProductView } from "../helpers"

/** One product as the console edits it, whatever its status, with the version an update must name. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  res.json({ product: await adminProductView(req.scope, req.params.id) })
}
