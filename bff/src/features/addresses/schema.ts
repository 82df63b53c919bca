import { addressBody, addressPatchBody } from "@fitshop/contracts"
import type { z } from "zod"
import { notFound } from "../../http/errors.js"

export { addressBody, addressPatchBody, DEFAULT_LABEL, INDIA } from "@fitshop/contracts"

export const ADDRESS_NOT_FOUND = "Address not found"

/** Medusa ids are a prefix and a ULID; what is not shaped like an id never reaches commerce. */
const ADDRESS_ID = /^[A-Za-z0-9_]{1,64}$/

/** The :id of an address route; a malformed one is as unknown as another shopper's (404). */
export function addressIdOf(params: Record<string, unknown>): string {
  const id = params.id
  if (typeof id !== "string" || !ADDRESS_ID.test(id)) throw notFound(ADDRESS_NOT_FOUND)
  return id
}

export type AddressInput = z.output<typeof addressBody>

export type AddressPatch = z.output<typeof addressPatchBody>
