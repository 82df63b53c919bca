import { describe, expect, it } from "vitest"
import { emptyAddressValues } from "@/lib/address-form"
import { buildCheckoutPayload } from "./checkout-payload"

const typed = {
  ...emptyAddressValues(),
  fullName: " Asha  Rao ",
  phone: " 9876543210 ",
  line1: " 12 MG Road ",
  line2: "  ",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: " 560001 ",
}

describe("buildCheckoutPayload", () => {
  it("sends a saved address by id, online as razorpay prepaid without a COD fee", () => {
    expect(
      buildCheckoutPayload({
        method: "online",
        shipping: { mode: "select", addressId: "addr_1" },
        darkCoins: { applied: true, coins: 2000 },
        codFeePaise: 10000,
      }),
    ).toEqual({
      shippingAddressSnapshot: { id: "addr_1" },
      payment: { gateway: "razorpay", mode: "prepaid" },
      darkCoins: { applied: true, coins: 2000 },
      charges: { codFeePaise: 0 },
    })
  })

  it("sends the buyer's GSTIN without spaces in upper case, and nothing when it is blank", () => {
    const base = {
      method: "cod" as const,
      shipping: { mode: "select" as const, addressId: "addr_1" },
      darkCoins: { applied: false, coins: 0 },
      codFeePaise: 10000,
    }
    expect(buildCheckoutPayload({ ...base, buyerGstin: " 29aagcb7383j1z 4 " })).toMatchObject({ buyerGstin: "29AAGCB7383J1Z4" })
    expect(buildCheckoutPayload({ ...base, buyerGstin: "  " })).not.toHaveProperty("buyerGstin")
    expect(buildCheckoutPayload(base)).not.toHaveProperty("buyerGstin")
  })

  it("sends a new address trimmed, in India, leaving out a blank line 2 and email; COD carries the fee", () => {
    const payload = buildCheckoutPayload({
      method: "cod",
      shipping: { mode: "new", values: typed, email: " ", save: false },
      darkCoins: { applied: false, coins: 0 },
      codFeePaise: 10000,
    })

    expect(payload).toEqual({
      shippingAddressSnapshot: {
        fullName: "Asha  Rao",
        phone: "9876543210",
        line1: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        postalCode: "560001",
        country: "India",
        save: false,
      },
      payment: { gateway: "cod", mode: "cod" },
      darkCoins: { applied: false, coins: 0 },
      charges: { codFeePaise: 10000 },
    })
  })

  it("marks the ₹1 live test only when asked", () => {
    const base = {
      method: "online" as const,
      shipping: { mode: "select" as const, addressId: "addr_1" },
      darkCoins: { applied: false, coins: 0 },
      codFeePaise: 10000,
    }
    expect(buildCheckoutPayload({ ...base, liveTest: true })).toMatchObject({ liveTest: true })
    expect(buildCheckoutPayload(base)).not.toHaveProperty("liveTest")
  })
})
