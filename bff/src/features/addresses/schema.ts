import { z } from "zod"
import { notFound } from "../../http/errors.js"

export const DEFAULT_LABEL = "Home"
export const INDIA = "India"
const PHONE_INVALID = "Enter a 10-digit mobile number"
const PINCODE_INVALID = "Enter a 6-digit pincode that does not start with 0"
const ONLY_INDIA = "We deliver only within India."
export const ADDRESS_NOT_FOUND = "Address not found"

/** Medusa ids are a prefix and a ULID; what is not shaped like an id never reaches commerce. */
const ADDRESS_ID = /^[A-Za-z0-9_]{1,64}$/

/** The :id of an address route; a malformed one is as unknown as another shopper's (404). */
export function addressIdOf(params: Record<string, unknown>): string {
  const id = params.id
  if (typeof id !== "string" || !ADDRESS_ID.test(id)) throw notFound(ADDRESS_NOT_FOUND)
  return id
}

/** Form fields may arrive as numbers (a pincode typed into a numeric input); they are read as text. */
const asText = (value: unknown) => (typeof value === "number" ? String(value) : value)

function requiredText(max: number, missing: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters`)
}

function optionalText(max: number) {
  return z.string().trim().max(max, `Use at most ${max} characters`).nullish()
}

/** An Indian mobile number: spaces and dashes ignored, an optional +91, 91 or 0 in front; kept as the 10 digits. */
const phone = z.preprocess(
  asText,
  z
    .string({ error: PHONE_INVALID })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^(?:\+91|91|0)?[6-9]\d{9}$/, PHONE_INVALID))
    .transform((value) => value.slice(-10)),
)

const postalCode = z.preprocess(
  asText,
  z
    .string({ error: PINCODE_INVALID })
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^[1-9]\d{5}$/, PINCODE_INVALID)),
)

const country = z
  .string()
  .trim()
  .nullish()
  .refine((value) => !value || /^(india|in)$/i.test(value), ONLY_INDIA)

const NOT_AN_OBJECT = "Send the address as a JSON object"

const addressFields = {
  label: optionalText(40),
  fullName: requiredText(100, "Enter the full name").transform((name) => name.replace(/\s+/g, " ")),
  phone,
  line1: requiredText(200, "Enter the address line"),
  line2: optionalText(200),
  city: requiredText(100, "Enter the city"),
  state: requiredText(100, "Enter the state"),
  postalCode,
  country,
  isDefault: z.boolean().optional(),
}

/** A whole address, as POST and PUT take it; blanks become the defaults (label Home, country India, no line 2). */
export const addressBody = z.object(addressFields, { error: NOT_AN_OBJECT }).transform((address) => ({
  label: address.label || DEFAULT_LABEL,
  fullName: address.fullName,
  phone: address.phone,
  line1: address.line1,
  line2: address.line2 || null,
  city: address.city,
  state: address.state,
  postalCode: address.postalCode,
  country: INDIA,
  isDefault: address.isDefault ?? false,
}))

export type AddressInput = z.output<typeof addressBody>

/** Any subset of the fields, for PATCH; the merged address is then checked whole with addressBody. */
export const addressPatchBody = z.object(addressFields, { error: NOT_AN_OBJECT }).partial()

export type AddressPatch = z.output<typeof addressPatchBody>
