/** An Indian pincode: 6 digits, not starting with 0 (zod-free, so the storefront's first page can check one). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/
export const PINCODE_INVALID = "Enter a 6-digit pincode that does not start with 0"
