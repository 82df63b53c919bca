/** The spec's identity rules, shared by every route that takes a handle, password or e-mail. */

export { isValidHandle, isValidPassword, normalizeHandle, PASSWORD_RULE } from "@fitshop/contracts"

export const HANDLE_INVALID = "Choose a valid @handle (2–20 chars, letters/numbers/._-; cannot start or end with . or -)"
export const HANDLE_TAKEN = "That @handle is already taken. Please choose another."

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase()
}
