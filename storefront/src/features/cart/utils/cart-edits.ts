import type { Bag, BagItem } from "@fitshop/contracts"

/** MIN and MAX quantity of one bag line. */
export const MIN_QUANTITY = 1
export const MAX_QUANTITY = 10

/** The summary's own sums follow the lines; the coin figures stay the server's until the bag reloads. */
function withItems(cart: Bag, items: BagItem[]): Bag {
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

const editLine = (cart: Bag, id: string, edit: (item: BagItem) => BagItem) =>
  withItems(
    cart,
    cart.items.map((item) => (item.id === id ? edit(item) : item)),
  )

/** The bag without line `id`. */
export const withoutLine = (cart: Bag, id: string): Bag =>
  withItems(
    cart,
    cart.items.filter((item) => item.id !== id),
  )

/** The bag with line `id` at `quantity`; 0 or less removes it, as the server does. */
export function withQuantity(cart: Bag, id: string, quantity: number): Bag {
  if (quantity <= 0) return withoutLine(cart, id)
  return editLine(cart, id, (item) => ({ ...item, quantity, lineTotal: item.unitPrice * quantity }))
}

/** The bag with line `id` sized `size`, or without a size (then flagged) when `size` is null. */
export const withSize = (cart: Bag, id: string, size: string | null): Bag => editLine(cart, id, (item) => ({ ...item, size, sizeRequired: size === null }))
