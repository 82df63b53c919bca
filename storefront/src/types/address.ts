export type { Address } from "@fitshop/contracts"

/** POST /api/addresses and PUT /api/addresses/{id}; the server defaults label to Home and country to India. */
export type AddressInput = {
  label?: string
  fullName: string
  phone: string
  line1: string
  line2?: string
  city: string
  state: string
  postalCode: string
  country?: string
  isDefault?: boolean
}
