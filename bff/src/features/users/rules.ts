/** The spec's identity rules, shared by every route that takes a handle, password or e-mail. */

export { isValidPassword, PASSWORD_RULE } from "@fitshop/contracts"

export const HANDLE_INVALID = "Choose a valid @handle (2–20 chars, letters/numbers/._-; cannot start or end with . or -)"
export const HANDLE_TAKEN = "That @handle is already taken. Please choose another."

/** Lowercased, characters outside a-z 0-9 . _ - stripped, at most 20 characters. */
export function normalizeHandle(raw: string): string {
  return raw
    .trim()
    .replace(/^@/, "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .slice(0, 20)
}

/** 2–20 characters, starting and ending with a letter or digit. */
export function isValidHandle(handle: string): boolean {
  return /^[a-z0-9][a-z0-9._-]{0,18}[a-z0-9]$/.test(handle)
}

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase()
}
