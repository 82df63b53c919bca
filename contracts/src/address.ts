import { z } from "zod"
import { PINCODE_INVALID, PINCODE_PATTERN } from "./pincode.js"

export const DEFAULT_LABEL = "Home"
export const INDIA = "India"
const PHONE_INVALID = "Enter a 10-digit mobile number"
const ONLY_INDIA = "We deliver only within India."
const NOT_AN_OBJECT = "Send the address as a JSON object"

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
    .pipe(z.string().regex(PINCODE_PATTERN, PINCODE_INVALID)),
)

const country = z
  .string()
  .trim()
  .nullish()
  .refine((value) => !value || /^(india|in)$/i.test(value), ONLY_INDIA)

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

/** A whole address, as POST and PUT /api/addresses take it; blanks become the defaults (label Home, country India, no line 2). */
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
/** What a client sends to POST and PUT /api/addresses. */
export type AddressBody = z.input<typeof addressBody>

/** Any subset of the fields, for PATCH; the merged address is then checked whole with addressBody. */
export const addressPatchBody = z.object(addressFields, { error: NOT_AN_OBJECT }).partial()
export type AddressPatchBody = z.input<typeof addressPatchBody>

/** A saved shipping address as the BFF answers it; phone is 10 digits, postalCode the 6-digit pincode. */
export const addressSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  fullName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
})
export type Address = z.infer<typeof addressSchema>

/** GET /api/addresses: the default first. */
export const addressesAnswerSchema = z.strictObject({ addresses: z.array(addressSchema) })
export type AddressesAnswer = z.infer<typeof addressesAnswerSchema>

/** POST, PUT and PATCH /api/addresses/{id} and POST /api/addresses/{id}/default. */
export const addressAnswerSchema = z.strictObject({ address: addressSchema })
export type AddressAnswer = z.infer<typeof addressAnswerSchema>
