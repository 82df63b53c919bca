import { ApiError } from "@/lib/api-client"

export const SIZE_OUT_OF_STOCK_TEXT = "Selected size is out of stock"

/** A 409, or any answer whose text says 'out of stock': the chosen size cannot be had. */
export function isOutOfStock(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return error.status === 409 || /out of stock/i.test(error.serverText ?? "")
}

/** The alert for a failed size change. */
export const sizeChangeErrorText = (error: unknown): string => (isOutOfStock(error) ? SIZE_OUT_OF_STOCK_TEXT : "Could not update size")
