import type { Address } from "@fitshop/contracts"
import type { MedusaAddress } from "./repository.js"
import { DEFAULT_LABEL, INDIA } from "./schema.js"

export type { Address }

function fullNameOf(row: MedusaAddress): string {
  const typed = row.metadata?.fullName
  if (typeof typed === "string" && typed) return typed
  return [row.first_name, row.last_name].filter(Boolean).join(" ")
}

/** The one place a Medusa customer address becomes the spec's Address. */
export function presentAddress(row: MedusaAddress): Address {
  return {
    id: row.id,
    label: row.address_name || DEFAULT_LABEL,
    fullName: fullNameOf(row),
    phone: row.phone ?? "",
    line1: row.address_1 ?? "",
    line2: row.address_2 || null,
    city: row.city ?? "",
    state: row.province ?? "",
    postalCode: row.postal_code ?? "",
    country: row.country_code === "in" ? INDIA : (row.country_code ?? "").toUpperCase(),
    isDefault: row.is_default_shipping,
  }
}
