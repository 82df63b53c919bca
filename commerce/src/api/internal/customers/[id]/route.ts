import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { removeCustomerAccountWorkflow } from "@medusajs/medusa/core-flows"

/**
 * Removes a customer and its credentials (auth identity), so its e-mail can sign up again: the BFF calls
 * it for sign-ups never verified within 24 hours. A customer with orders is never removed.
 * Guarded by the internal secret middleware.
 */
export const DELETE = async (req: MedusaRequest, res: MedusaResponse) => {
  const customerId = req.params.id
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: customers } = await query.graph({ entity: "customer", fields: ["id"], filters: { id: customerId } })
  if (!customers.length) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Customer ${customerId} not found`)
  const { data: orders } = await query.graph({ entity: "order", fields: ["id"], filters: { customer_id: customerId }, pagination: { take: 1 } })
  if (orders.length) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "A customer with orders is never removed")
  await removeCustomerAccountWorkflow(req.scope).run({ input: { customerId } })
  res.json({ id: customerId, deleted: true })
}
