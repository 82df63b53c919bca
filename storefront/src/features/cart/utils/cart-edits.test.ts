import { describe, expect, it } from "vitest"
import { buildCart, buildCartItem, buildSizelessCartItem } from "@/testing/cart-factory"
import { withQuantity, withSize, withoutLine } from "./cart-edits"

describe("cart edits", () => {
  it("changes one line’s quantity and line total, and the summary’s count and subtotal", () => {
    const edited = buildCartItem({ unitPrice: 50000 })
    const other = buildCartItem({ unitPrice: 10000, quantity: 2 })
    const cart = buildCart([edited, other], { darkCoins: 900, usableDiscount: 0 })

    const next = withQuantity(cart, edited.id, 3)

    expect(next.items[0]).toMatchObject({ id: edited.id, quantity: 3, lineTotal: 150000 })
    expect(next.items[1]).toBe(other)
    expect(next.summary).toEqual({ ...cart.summary, itemCount: 5, subtotal: 170000 })
    expect(cart.items[0]?.quantity).toBe(1)
  })

  it("removes the line for a quantity of 0 or less, as the server does", () => {
    const gone = buildCartItem()
    const kept = buildCartItem()
    const cart = buildCart([gone, kept])

    expect(withQuantity(cart, gone.id, 0).items).toEqual([kept])
    expect(withQuantity(cart, gone.id, -1)).toEqual(withoutLine(cart, gone.id))
    expect(withoutLine(cart, gone.id).summary).toMatchObject({ itemCount: 1, subtotal: kept.lineTotal })
  })

  it("sizes a flagged line, or clears the size and flags it again", () => {
    const item = buildSizelessCartItem()
    const cart = buildCart([item])
    expect(cart.summary.sizesMissing).toBe(true)

    const sized = withSize(cart, item.id, "L")
    expect(sized.items[0]).toMatchObject({ size: "L", sizeRequired: false })
    expect(sized.summary.sizesMissing).toBe(false)

    const cleared = withSize(sized, item.id, null)
    expect(cleared.items[0]).toMatchObject({ size: null, sizeRequired: true })
    expect(cleared.summary.sizesMissing).toBe(true)
  })
})
