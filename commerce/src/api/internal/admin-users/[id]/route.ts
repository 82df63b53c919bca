import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"

/**
 * Whether a Medusa admin user still exists (a deleted one is soft-deleted and not listed): the BFF asks
 * at every refresh of a console session, so a deleted admin user's session ends. Guarded by the internal secret.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const users = req.scope.resolve(Modules.USER)
  const [, count] = await users.listAndCountUsers({ id: req.params.id }, { take: 1, select: ["id"] })
  res.json({ exists: count > 0 })
}
