import { shareInProportion } from "./money.js"
import { COINS_PER_RUPEE } from "./wallet.js"

/*
 * The rules of returns the storefront computes with too, apart from their schemas (returns.ts): a module with a
 * zod object in it would make the browser try eval when it loads, which the shop's Content-Security-Policy forbids.
 */

/** Why a shopper sends something back, word for word as the form offers them; 'Other' needs a note. */
export const RETURN_REASONS = ["Size too small", "Size too big", "Not as pictured", "Quality issue", "Changed my mind", "Other"] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]

/**
 * Where a return stands: asked, its pickup booked with the courier, picked up from the shopper, received at the
 * warehouse, and then refunded (a return) or exchanged (the new size shipped and the old one back); or cancelled.
 */
export const RETURN_STATUSES = ["requested", "pickup_scheduled", "picked_up", "received", "refunded", "exchanged", "cancelled"] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]

/** A return's note: up to this many characters. */
export const RETURN_NOTE_MAX = 500

/** What comes back for a return, fixed when it is asked: paise to the original payment method, and Dark Coins. */
export type ReturnRefund = { toPayment: number; coins: number }

/** One Dark Coin in paise. */
export const PAISE_PER_COIN = 100 / COINS_PER_RUPEE

/**
 * The Dark Coins discount shared across an order's lines by value, in whole coins (the discount is whole rupees,
 * so whole coins): each line's share in paise, a multiple of one coin, adding up to the discount. The invoice
 * taxes each line after this share; a return gives this share back as coins.
 */
export function discountShares(discountPaise: number, values: number[]): number[] {
  if (discountPaise % PAISE_PER_COIN !== 0) return shareInProportion(discountPaise, values)
  return shareInProportion(discountPaise / PAISE_PER_COIN, values).map((coins) => coins * PAISE_PER_COIN)
}

export type RefundableOrder = {
  paymentMethod: "online" | "cod"
  /** The Dark Coins discount on the whole order, paise. */
  discount: number
  lines: { unitPrice: number; quantity: number }[]
}

/**
 * What returning `units` units of line `lineIndex` gives back, counting from unit `firstUnit` (the units already
 * taken back by earlier returns come first, so all the returns of a line add up to the line exactly): the line's
 * discount share split over its units in whole coins; paid online, what was paid for them goes back to the payment
 * and the coins spent come back as coins; paid in cash on delivery, all of it comes back as coins (10 per rupee,
 * rounded down). The COD fee never comes back.
 */
export function returnRefund(order: RefundableOrder, lineIndex: number, firstUnit: number, units: number): ReturnRefund {
  const line = order.lines[lineIndex]
  const discount = returnedUnitsDiscount(order, lineIndex, firstUnit, units)
  const paid = (line?.unitPrice ?? 0) * units - discount
  const spentCoins = Math.floor(discount / PAISE_PER_COIN)
  if (order.paymentMethod === "online") return { toPayment: paid, coins: spentCoins }
  return { toPayment: 0, coins: spentCoins + Math.floor(paid / PAISE_PER_COIN) }
}

/**
 * The Dark Coins discount (paise) on `units` units of line `lineIndex` from unit `firstUnit`: the line's share split
 * over its units in whole coins. What a return's coins spent are, whatever the order was paid with.
 */
export function returnedUnitsDiscount(order: Pick<RefundableOrder, "discount" | "lines">, lineIndex: number, firstUnit: number, units: number): number {
  const line = order.lines[lineIndex]
  if (!line || units < 1 || firstUnit < 0 || firstUnit + units > line.quantity) throw new RangeError("no such units to return")
  const lineShare = discountShares(
    order.discount,
    order.lines.map((l) => l.unitPrice * l.quantity),
  )[lineIndex] as number
  const unitShares = discountShares(
    lineShare,
    Array.from({ length: line.quantity }, () => 1),
  )
  return unitShares.slice(firstUnit, firstUnit + units).reduce((sum, share) => sum + share, 0)
}
