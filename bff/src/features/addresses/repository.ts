import { CommerceInternalError, type Commerce } from "../../lib/medusa.js"
import type { AddressInput } from "./schema.js"

/** A customer address as commerce's internal routes return it (Medusa's names). */
export type MedusaAddress = {
  id: string
  address_name: string | null
  first_name: string | null
  last_name: string | null
  phone: string | null
  address_1: string | null
  address_2: string | null
  city: string | null
  province: string | null
  postal_code: string | null
  country_code: string | null
  is_default_shipping: boolean
  metadata: Record<string, unknown> | null
  created_at: string
}

const MAKE_DEFAULT = { is_default_shipping: true, is_default_billing: true }

/** Medusa keeps first and last name; the split is at the last space, and metadata keeps the name as typed. */
function splitFullName(fullName: string): { first_name: string; last_name: string | null } {
  const at = fullName.lastIndexOf(" ")
  return at < 0 ? { first_name: fullName, last_name: null } : { first_name: fullName.slice(0, at), last_name: fullName.slice(at + 1) }
}

type PostalAddress = Pick<AddressInput, "fullName" | "phone" | "line1" | "line2" | "city" | "state" | "postalCode">

/** An address in Medusa's field names (India only), for a customer's address book or a cart's shipping address. */
export function medusaAddress(address: PostalAddress) {
  return {
    ...splitFullName(address.fullName),
    phone: address.phone,
    address_1: address.line1,
    address_2: address.line2,
    city: address.city,
    province: address.state,
    postal_code: address.postalCode,
    country_code: "in" as const,
  }
}

function medusaFields(address: AddressInput) {
  return {
    address_name: address.label,
    ...medusaAddress(address),
    metadata: { fullName: address.fullName },
    ...(address.isDefault ? MAKE_DEFAULT : {}),
  }
}

/** Commerce answers 404 for an address that is not this customer's (or a customer it does not know). */
async function unlessNotFound<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call
  } catch (error) {
    if (error instanceof CommerceInternalError && error.status === 404) return undefined
    throw error
  }
}

/** A shopper's saved addresses, stored as their Medusa customer's addresses through commerce's internal routes. */
export function addressesRepository(commerce: Commerce) {
  const path = (customerId: string, addressId?: string) =>
    `/internal/customers/${encodeURIComponent(customerId)}/addresses${addressId ? `/${encodeURIComponent(addressId)}` : ""}`

  return {
    async list(customerId: string): Promise<MedusaAddress[]> {
      return (await commerce.internal<{ addresses: MedusaAddress[] }>(path(customerId))).addresses
    },

    async byId(customerId: string, addressId: string): Promise<MedusaAddress | undefined> {
      return (await unlessNotFound(commerce.internal<{ address: MedusaAddress }>(path(customerId, addressId))))?.address
    },

    /** Undefined when Medusa has no such customer. */
    async create(customerId: string, address: AddressInput): Promise<MedusaAddress | undefined> {
      const body = medusaFields(address)
      return (await unlessNotFound(commerce.internal<{ address: MedusaAddress }>(path(customerId), { method: "POST", body })))?.address
    },

    /** Replaces every field; the default only ever moves to this address, never away from it. */
    async update(customerId: string, addressId: string, address: AddressInput): Promise<MedusaAddress | undefined> {
      const body = medusaFields(address)
      return (await unlessNotFound(commerce.internal<{ address: MedusaAddress }>(path(customerId, addressId), { method: "POST", body })))?.address
    },

    /** Medusa's update workflow unsets the customer's previous default. */
    async makeDefault(customerId: string, addressId: string): Promise<MedusaAddress | undefined> {
      const call = commerce.internal<{ address: MedusaAddress }>(path(customerId, addressId), { method: "POST", body: MAKE_DEFAULT })
      return (await unlessNotFound(call))?.address
    },

    async remove(customerId: string, addressId: string): Promise<boolean> {
      return (await unlessNotFound(commerce.internal(path(customerId, addressId), { method: "DELETE" }))) !== undefined
    },
  }
}

export type AddressesRepository = ReturnType<typeof addressesRepository>
