export const HANDLE_MAX_LENGTH = 20

export const HANDLE_HINT = "2–20 chars · letters, numbers, ._- · cannot start/end with dot or dash."

const VALID_HANDLE = /^[a-z0-9][a-z0-9._-]{0,18}[a-z0-9]$/

/** What a handle input keeps of what was typed: lowercase a-z, 0-9, dot, underscore, hyphen; at most 20. */
export const normaliseHandle = (raw: string): string =>
  raw
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "")
    .slice(0, HANDLE_MAX_LENGTH)

/** 2–20 characters, starting and ending with a letter or digit. */
export const isValidHandle = (handle: string): boolean => VALID_HANDLE.test(handle)
