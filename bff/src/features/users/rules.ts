/** The spec's identity rules, shared by every route that takes a handle, password or e-mail. */

import { normalizeEmail } from "@fitshop/contracts"

export { HANDLE_INVALID, HANDLE_TAKEN, isValidHandle, isValidPassword, normalizeEmail, normalizeHandle, PASSWORD_RULE } from "@fitshop/contracts"

/** Gmail ignores dots in the local part, and googlemail.com is the same mailbox. */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"])

/**
 * The inbox an address delivers to, so its variants count as one person for sign-up and every per-account
 * limit: `me+anything@` is `me@` (plus addressing, which most providers honour), and on Gmail dots don't count
 * (`m.e@gmail.com` is `me@gmail.com`, as is `me@googlemail.com`).
 */
export function inboxOf(email: string): string {
  const normalized = normalizeEmail(email)
  const at = normalized.lastIndexOf("@")
  if (at <= 0) return normalized
  const domain = normalized.slice(at + 1)
  let local = normalized.slice(0, at).split("+")[0] || normalized.slice(0, at)
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll(".", "")
  return `${local}@${DOTLESS_DOMAINS.has(domain) ? "gmail.com" : domain}`
}
