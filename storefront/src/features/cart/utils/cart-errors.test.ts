import { describe, expect, it } from "vitest"
import { ApiError } from "@/lib/api-client"
import { isOutOfStock, sizeChangeErrorText } from "./cart-errors"

describe("sizeChangeErrorText", () => {
  it("says 'Selected size is out of stock' for a 409 or any answer that says out of stock", () => {
    expect(sizeChangeErrorText(new ApiError(409, { error: "Conflict" }))).toBe("Selected size is out of stock")
    expect(sizeChangeErrorText(new ApiError(400, { error: "Size XL is Out of Stock now" }))).toBe("Selected size is out of stock")
    expect(isOutOfStock(new ApiError(400, { message: "out of stock" }))).toBe(true)
  })

  it("says 'Could not update size' for anything else", () => {
    expect(sizeChangeErrorText(new ApiError(500, { error: "Database unavailable" }))).toBe("Could not update size")
    expect(sizeChangeErrorText(new ApiError(404, null))).toBe("Could not update size")
    expect(sizeChangeErrorText(new TypeError("Failed to fetch"))).toBe("Could not update size")
  })
})
