import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deleteCustomerAddressesWorkflow, updateCustomerAddressesWorkflow } from "@medusajs/medusa/core-flows"
import { ownedAddress } from "../helpers"
import type { InternalCustomerAddressType } from "../validators"

/** One saved address of one customer; another customer's address answers 404. Guarded by the internal secret. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  res.json({ address: await ownedAddress(req.scope, req.params.id, req.params.address_id) })
}

/** Updates the given fields; setting a default unsets the customer's previous one (Medusa's workflow does). */
export const POST = async (req: MedusaRequest<InternalCustomerAddressType>, res: MedusaResponse) => {
  const { id: customerId, address_id: addressId } = req.params
  await ownedAddress(req.scope, customerId, addressId)
  await updateCustomerAddressesWorkflow(req.scope).run({
    input: { selector: { id: addressId, customer_id: customerId }, update: req.validatedBody },
  })
  res.json({ address: await ownedAddress(req.scope, customerId, addressId) })
}

export const DELETE = async (req: MedusaRequest, res: MedusaResponse) => {
  const { id: customerId, address_id: addressId } = req.params
  await ownedAddress(req.scope, customerId, addressId)
  await deleteCustomerAddressesWorkflow(req.scope).run({ input: { ids: [addressId] } })
  res.json({ id: addressId, deleted: true })
}
