/*
 * The GSTIN, India's GST registration number: what its 15 characters are, and its check character. Zod-free, so the
 * storefront can check a buyer's GSTIN as it is typed, with the same rule the BFF's settings are checked with.
 */

/** A GSTIN's shape: the state code (01–38, or 97 for other territory), the holder's PAN, the entity number, a Z and the check character. */
export const GSTIN_PATTERN = /^(0[1-9]|[1-2]\d|3[0-8]|97)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

export const GSTIN_INVALID = "Enter a valid 15-character GSTIN"

const BASE_36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

/**
 * The check character of a GSTIN's first 14 characters (GSTN's algorithm, a Luhn mod 36): each character's value
 * 0–35, weighted 1 and 2 in turn from the left, the product's base-36 digits added up; the check character makes
 * the sum a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let index = 0; index < 14; index++) {
    const product = BASE_36.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return BASE_36.charAt((36 - (sum % 36)) % 36)
}

/** A well-formed GSTIN whose last character is its check character (upper case, no spaces: the form GST documents print). */
export const isValidGstin = (value: string): boolean => GSTIN_PATTERN.test(value) && value.charAt(14) === gstinCheckCharacter(value.slice(0, 14))
