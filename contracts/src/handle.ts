/** The spec's @handle rule: what the BFF accepts and what the forms check and keep as a shopper types. */

export const HANDLE_MAX_LENGTH = 20

/** Lowercased, characters outside a-z 0-9 . _ - stripped (an @ and spaces with them), at most 20 characters. */
export function normalizeHandle(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .slice(0, HANDLE_MAX_LENGTH)
}

/** 2–20 characters, starting and ending with a letter or digit. */
export function isValidHandle(handle: string): boolean {
  return /^[a-z0-9][a-z0-9._-]{0,18}[a-z0-9]$/.test(handle)
}

/** What sign-up says of a handle that breaks the rule. */
export const HANDLE_INVALID = "Choose a valid @handle (2–20 chars, letters/numbers/._-; cannot start or end with . or -)"
/** What a profile update says of one. */
export const PROFILE_HANDLE_INVALID = "Enter a valid handle."
/** What sign-up says of a handle someone has. */
export const HANDLE_TAKEN = "That @handle is already taken. Please choose another."
/** What a profile update says of one. */
export const PROFILE_HANDLE_TAKEN = "This handle is not available."
