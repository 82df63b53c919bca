import {
  COINS_PER_RUPEE,
  SIZES,
  formatPaise,
  returnRefund,
  type Order,
  type OrderItem,
  type OrderReturn,
  type Product,
  type ReturnRefund,
  type Size,
} from "@fitshop/contracts"

export type ReturnKind = OrderReturn["kind"]

/** A line the shopper may ask back now: the server says so, it has an id to name and units left. */
export const canAskBack = (item: OrderItem): item is OrderItem & { id: string } => item.returnable && item.id !== null && item.returnableQuantity > 0

/**
 * What giving back `quantity` units of the order's line `lineIndex` yields, counted after the units of it already
 * asked back (so a line's returns add up to the line); null when the order's figures don't allow it.
 */
export function refundFor(order: Order, lineIndex: number, quantity: number): ReturnRefund | null {
  const item = order.items[lineIndex]
  if (!item) return null
  const refundable = {
    paymentMethod: order.paymentMethod,
    discount: order.darkCoinsDiscount,
    lines: order.items.map((line) => ({ unitPrice: line.unitPrice, quantity: line.quantity })),
  }
  try {
    return returnRefund(refundable, lineIndex, item.quantity - item.returnableQuantity, quantity)
  } catch (error) {
    if (error instanceof RangeError) return null
    throw error
  }
}

/**
 * A refund in words: money back to the way it was paid, and Dark Coins, the coins of a cash-on-delivery order
 * stated with their worth since they stand in for the money.
 */
export function refundTexts(refund: ReturnRefund, paymentMethod: Order["paymentMethod"]): string[] {
  const texts: string[] = []
  if (refund.toPayment > 0) texts.push(`${formatPaise(refund.toPayment)} back to your original payment method`)
  if (refund.coins > 0) {
    texts.push(
      paymentMethod === "cod"
        ? `${String(refund.coins)} Dark Coins (${String(COINS_PER_RUPEE)} coins = ₹1) to your wallet`
        : `${String(refund.coins)} Dark Coins back`,
    )
  }
  return texts
}

/** The sentence a cash-on-delivery order's return form must say; null when the order had no such fee. */
export const codFeeText = (order: Pick<Order, "paymentMethod" | "codFee">): string | null =>
  order.paymentMethod === "cod" && order.codFee > 0 ? `The ${formatPaise(order.codFee)} cash on delivery fee is not refunded.` : null

export const exchangeText = (size: string) => `No charge: we'll ship size ${size} when the courier picks up your return.`

const isSize = (value: string): value is Size => (SIZES as readonly string[]).includes(value)

export type ExchangeSizeOption = { size: Size; inStock: boolean }

/**
 * The sizes a line may be exchanged for: the product's other standard sizes, smallest first, each marked in stock
 * when a variant of it has stock.
 */
export function exchangeSizeOptions(product: Pick<Product, "variants">, currentSize: string | null): ExchangeSizeOption[] {
  const current = currentSize?.trim().toUpperCase() ?? null
  const inStock = new Map<Size, boolean>()
  for (const variant of product.variants) {
    const size = variant.size.trim().toUpperCase()
    if (!isSize(size) || size === current) continue
    inStock.set(size, (inStock.get(size) ?? false) || variant.inStock)
  }
  return SIZES.filter((size) => inStock.has(size)).map((size) => ({ size, inStock: inStock.get(size) ?? false }))
}
