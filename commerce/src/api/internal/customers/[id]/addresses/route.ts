import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createCustomerAddressesWorkflow } from "@medusajs/medusa/core-flows"
import { assertCustomerExists, customerAddresses, ownedAddress } from "./helpers"
import type { InternalCustomerAddressType } from "./validators"

/**
 * A shopper's saved addresses, kept as the Medusa customer's addresses so ops see them in the dashboard.
 * The BFF has no customer token, so it calls these; guarded by the internal secret middleware.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  res.json({ addresses: await customerAddresses(req.scope, req.params.id) })
}

export const POST = async (req: MedusaRequest<InternalCustomerAddressType>, res: MedusaResponse) => {
  const customerId = req.params.id
  await assertCustomerExists(req.scope, customerId)
  const { result } = await createCustomerAddressesWorkflow(req.scope).run({
    input: { addresses: [{ ...req.validatedBody, customer_id: customerId }] },
  })
  res.status(201).json({ address: await ownedAddress(req.scope, customerId, result[0]!.id) })
}
