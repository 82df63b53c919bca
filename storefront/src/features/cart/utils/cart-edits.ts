import { unitPriceOf } from "@/lib/unit-price"
import type { Cart, CartItem } from "@/types/cart"

/** MIN and MAX quantity of one bag line. */
export const MIN_QUANTITY = 1
export const MAX_QUANTITY = 10

/** The summary's own sums follow the lines; the coin figures stay the server's until the bag reloads. */
function withItems(cart: Cart, items: CartItem[]): Cart {
  return {
    items,
    summary: {
      ...cart.summary,
      itemCount: items.reduce((count, item) => count + item.quantity, 0),
      subtotal: items.reduce((sum, item) => sum + item.lineTotal, 0),
      sizesMissing: items.some((item) => item.sizeRequired),
    },
  }
}

const editLine = (cart: Cart, id: string, edit: (item: CartItem) => CartItem) =>
  withItems(
    cart,
    cart.items.map((item) => (item.id === id ? edit(item) : item)),
  )

/** The bag without line `id`. */
export const withoutLine = (cart: Cart, id: string): Cart =>
  withItems(
    cart,
    cart.items.filter((item) => item.id !== id),
  )

/** The bag with line `id` at `quantity`; 0 or less removes it, as the server does. */
export function withQuantity(cart: Cart, id: string, quantity: number): Cart {
  if (quantity <= 0) return withoutLine(cart, id)
  return editLine(cart, id, (item) => ({ ...item, quantity, lineTotal: unitPriceOf(item) * quantity }))
}

/** The bag with line `id` sized `size`, or without a size (then flagged) when `size` is null. */
export const withSize = (cart: Cart, id: string, size: string | null): Cart => editLine(cart, id, (item) => ({ ...item, size, sizeRequired: size === null }))
