export { HANDLE_MAX_LENGTH, isValidHandle, normalizeHandle as normaliseHandle } from "@fitshop/contracts"

export const HANDLE_HINT = "2–20 chars · letters, numbers, ._- · cannot start/end with dot or dash."
