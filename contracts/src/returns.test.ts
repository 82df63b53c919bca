import { describe, expect, it } from "vitest"
import { discountShares, returnRefund, type RefundableOrder } from "./return-rules.js"
import { returnRequestSchema } from "./returns.js"

/** ₹1,299 × 2 and ₹799, ₹300 of Dark Coins (3,000 coins) off. */
const order = (paymentMethod: "online" | "cod"): RefundableOrder => ({
  paymentMethod,
  discount: 30_000,
  lines: [
    { unitPrice: 129_900, quantity: 2 },
    { unitPrice: 79_900, quantity: 1 },
  ],
})

describe("discountShares", () => {
  it("shares a whole-rupee discount in whole coins, adding up to it", () => {
    const shares = discountShares(30_000, [259_800, 79_900])
    expect(shares.every((share) => share % 10 === 0)).toBe(true)
    expect(shares.reduce((a, b) => a + b)).toBe(30_000)
    expect(shares).toEqual([22_940, 7_060])
  })
})

describe("returnRefund", () => {
  it("gives an online order's units back what was paid for them, and the coins spent on them as coins", () => {
    const first = returnRefund(order("online"), 0, 0, 1)
    const second = returnRefund(order("online"), 0, 1, 1)
    const single = returnRefund(order("online"), 1, 0, 1)
    // Every unit returned gives back exactly the order: paid total and coins spent.
    expect(first.toPayment + second.toPayment + single.toPayment).toBe(259_800 + 79_900 - 30_000)
    expect(first.coins + second.coins + single.coins).toBe(3_000)
    expect(returnRefund(order("online"), 0, 0, 2)).toEqual({ toPayment: first.toPayment + second.toPayment, coins: first.coins + second.coins })
    expect(single).toEqual({ toPayment: 79_900 - 7_060, coins: 706 })
  })

  it("gives a cash-on-delivery line all back as coins, ten per rupee, and nothing to a payment", () => {
    expect(returnRefund(order("cod"), 1, 0, 1)).toEqual({ toPayment: 0, coins: 706 + (79_900 - 7_060) / 10 })
  })

  it("refuses units the line doesn't have", () => {
    expect(() => returnRefund(order("online"), 0, 1, 2)).toThrow(RangeError)
    expect(() => returnRefund(order("online"), 2, 0, 1)).toThrow(RangeError)
    expect(() => returnRefund(order("online"), 0, 0, 0)).toThrow(RangeError)
  })
})

describe("returnRequestSchema", () => {
  const line = { lineId: "ordli_01ABC", quantity: 1, reason: "Size too big" }

  it("takes lines with a known reason, and a note when the reason is Other", () => {
    expect(returnRequestSchema.safeParse({ lines: [line] }).success).toBe(true)
    expect(returnRequestSchema.safeParse({ lines: [{ ...line, reason: "Other", note: "Colour differs" }] }).success).toBe(true)
  })

  it("refuses an unknown reason, Other without a note, a line named twice, an unknown size and extra fields", () => {
    expect(returnRequestSchema.safeParse({ lines: [{ ...line, reason: "Bored" }] }).success).toBe(false)
    expect(returnRequestSchema.safeParse({ lines: [{ ...line, reason: "Other" }] }).success).toBe(false)
    expect(returnRequestSchema.safeParse({ lines: [line, line] }).success).toBe(false)
    expect(returnRequestSchema.safeParse({ lines: [{ ...line, exchangeSize: "XXXXL" }] }).success).toBe(false)
    expect(returnRequestSchema.safeParse({ lines: [line], refund: 1 }).success).toBe(false)
    expect(returnRequestSchema.safeParse({ lines: [] }).success).toBe(false)
  })
})
