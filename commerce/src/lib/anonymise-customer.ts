import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  deleteAuthIdentityStep,
  deleteCustomerAddressesWorkflow,
  setAuthAppMetadataStep,
  updateCustomersWorkflow,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"

export type AnonymiseCustomerInput = { customerId: string }

/** What a deleted account's customer is called: unique (Medusa's e-mails are unique among accounts) and deliverable nowhere. */
export const tombstoneEmail = (customerId: string) => `deleted+${customerId.toLowerCase()}@invalid`

type AuthIdentityRow = { id: string; app_metadata?: Record<string, unknown> | null }

/** An identity that also signs in another actor (a member of staff with the same e-mail) is kept for them, only unlinked from the customer. */
const sharedWithAnotherActor = (identity: AuthIdentityRow) =>
  Object.entries(identity.app_metadata ?? {}).some(([key, value]) => key !== "customer_id" && value != null)

export const anonymiseCustomerWorkflowId = "anonymise-customer"

/**
 * A shopper deleted their account: the customer stays, because their orders (kept 72 months for GST) name it, but
 * nothing about the person does: name, e-mail, phone and company cleared, saved addresses deleted (an order keeps its
 * own copy of where it went), and the credentials removed (the emailpass provider identity goes with its auth
 * identity), so the old password signs nobody in and the e-mail can sign up afresh. Medusa's own removeCustomerAccount
 * workflow deletes the customer instead, which a customer with orders must not be. Running it again changes nothing.
 */
export const anonymiseCustomerWorkflow = createWorkflow(anonymiseCustomerWorkflowId, (input: WorkflowData<AnonymiseCustomerInput>) => {
  const { data: customers } = useQueryGraphStep({ entity: "customer", fields: ["id", "addresses.id"], filters: { id: input.customerId } }).config({
    name: "read-customer-to-anonymise",
  })
  const update = transform({ input }, ({ input }) => ({
    selector: { id: input.customerId },
    update: { email: tombstoneEmail(input.customerId), first_name: null, last_name: null, phone: null, company_name: null, metadata: null },
  }))
  updateCustomersWorkflow.runAsStep({ input: update })

  const addressIds = transform({ customers }, ({ customers }) =>
    (customers as unknown as { addresses?: { id: string }[] | null }[]).flatMap((customer) => (customer.addresses ?? []).map((address) => address.id)),
  )
  when("customer-has-addresses", { addressIds }, ({ addressIds }) => addressIds.length > 0).then(() => {
    deleteCustomerAddressesWorkflow.runAsStep({ input: { ids: addressIds } })
  })

  const { data: identities } = useQueryGraphStep({
    entity: "auth_identity",
    fields: ["id", "app_metadata"],
    // Medusa's generated query types give a JSON column no filter type, though Query filters on its keys.
    filters: { app_metadata: { customer_id: input.customerId } } as Record<string, unknown>,
  }).config({ name: "read-customer-auth-identities" })
  const split = transform({ identities }, ({ identities }) => {
    const rows = identities as unknown as AuthIdentityRow[]
    return { shared: rows.filter(sharedWithAnotherActor).map((row) => row.id), own: rows.filter((row) => !sharedWithAnotherActor(row)).map((row) => row.id) }
  })
  when("customer-has-own-identities", { split }, ({ split }) => split.own.length > 0).then(() => {
    deleteAuthIdentityStep({ id: split.own })
  })
  when("customer-shares-an-identity", { split }, ({ split }) => split.shared.length > 0).then(() => {
    const authIdentityId = transform({ split }, ({ split }) => split.shared[0]!)
    setAuthAppMetadataStep({ authIdentityId, actorType: "customer", value: null })
  })
  return new WorkflowResponse(input.customerId)
})
