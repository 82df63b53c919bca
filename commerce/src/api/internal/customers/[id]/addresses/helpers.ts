import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { queryGraph, type QueryRow } from "../../../../../lib/query"

export const ADDRESS_FIELDS = [
  "id",
  "address_name",
  "first_name",
  "last_name",
  "phone",
  "address_1",
  "address_2",
  "city",
  "province",
  "postal_code",
  "country_code",
  "is_default_shipping",
  "is_default_billing",
  "metadata",
  "created_at",
]

/** A customer's addresses, newest first. */
export async function customerAddresses(scope: MedusaContainer, customerId: string): Promise<QueryRow[]> {
  const { data } = await queryGraph(scope, {
    entity: "customer_address",
    fields: ADDRESS_FIELDS,
    filters: { customer_id: customerId },
    pagination: { order: { created_at: "DESC" } },
  })
  return data
}

/** One address of one customer; another customer's address is as unknown as a missing one. */
export async function ownedAddress(scope: MedusaContainer, customerId: string, addressId: string): Promise<QueryRow> {
  const { data } = await queryGraph(scope, {
    entity: "customer_address",
    fields: ADDRESS_FIELDS,
    filters: { id: addressId, customer_id: customerId },
  })
  const address = data[0]
  if (!address) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Address ${addressId} was not found`)
  return address
}

export async function assertCustomerExists(scope: MedusaContainer, customerId: string): Promise<void> {
  const { data } = await queryGraph(scope, { entity: "customer", fields: ["id"], filters: { id: customerId } })
  if (!data.length) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Customer ${customerId} was not found`)
}
