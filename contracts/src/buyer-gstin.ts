import { GSTIN_INVALID, GSTIN_PATTERN, isValidGstin } from "./gstin.js"

/*
 * The buyer's GSTIN at checkout (a business purchase, printed on the tax invoice): zod-free, so the storefront's
 * checkout checks it as typed with the same words the BFF refuses it with.
 */

/** The label of checkout's optional GSTIN field (ours: the spec's checkout has none). */
export const BUYER_GSTIN_LABEL = "GSTIN (optional, for a business purchase)"

/** A GSTIN of the right shape whose last character is not its check character: most likely a typing slip. */
export const BUYER_GSTIN_CHECK_FAILED = "This GSTIN's last character does not match the rest: check it for a typing mistake"

/** A typed GSTIN as GST documents print it: no spaces, upper case ("" when left blank). */
export const typedGstin = (value: string): string => value.replace(/\s+/g, "").toUpperCase()

/** Why a typed GSTIN can't be used (null when blank or valid): its shape first, then its check character. */
export function buyerGstinProblem(value: string): string | null {
  const gstin = typedGstin(value)
  if (!gstin || isValidGstin(gstin)) return null
  return GSTIN_PATTERN.test(gstin) ? BUYER_GSTIN_CHECK_FAILED : GSTIN_INVALID
}
