import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { anonymiseCustomerWorkflow, tombstoneEmail } from "../../../../../lib/anonymise-customer"
import { queryGraph } from "../../../../../lib/query"

/**
 * Anonymises a deleted shop account's customer and removes its credentials, keeping the customer its orders name
 * (lib/anonymise-customer.ts); the BFF calls it when a shopper deletes their account, again until it succeeds.
 * Guarded by the internal secret middleware.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const customerId = req.params.id!
  const { data: customers } = await queryGraph(req.scope, { entity: "customer", fields: ["id"], filters: { id: customerId } })
  if (!customers.length) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Customer ${customerId} not found`)
  await anonymiseCustomerWorkflow(req.scope).run({ input: { customerId } })
  res.json({ id: customerId, email: tombstoneEmail(customerId), anonymised: true })
}
