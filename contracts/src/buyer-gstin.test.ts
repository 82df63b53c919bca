import { describe, expect, it } from "vitest"
import { BUYER_GSTIN_CHECK_FAILED, buyerGstinProblem } from "./buyer-gstin.js"
import { checkoutPayload } from "./checkout.js"
import { GSTIN_INVALID, gstinCheckCharacter } from "./gstin.js"

const VALID = `29AAGCB7383J1Z${gstinCheckCharacter("29AAGCB7383J1Z")}`
const WRONG_CHECK = VALID.slice(0, 14) + (VALID.endsWith("A") ? "B" : "A")
const BODY = { shippingAddressSnapshot: { id: "addr_1" }, payment: { gateway: "cod", mode: "cod" } }

describe("the buyer's GSTIN at checkout", () => {
  it("is optional, and read without spaces in upper case", () => {
    expect(checkoutPayload.parse(BODY).buyerGstin).toBeUndefined()
    expect(checkoutPayload.parse({ ...BODY, buyerGstin: "  " }).buyerGstin).toBeNull()
    expect(checkoutPayload.parse({ ...BODY, buyerGstin: ` ${VALID.slice(0, 5).toLowerCase()} ${VALID.slice(5)} ` }).buyerGstin).toBe(VALID)
  })

  it("is refused with its shape or its check character named", () => {
    expect(buyerGstinProblem("29AAGCB7383")).toBe(GSTIN_INVALID)
    expect(buyerGstinProblem(WRONG_CHECK)).toBe(BUYER_GSTIN_CHECK_FAILED)
    const refused = checkoutPayload.safeParse({ ...BODY, buyerGstin: WRONG_CHECK })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["buyerGstin", BUYER_GSTIN_CHECK_FAILED]])
  })
})
