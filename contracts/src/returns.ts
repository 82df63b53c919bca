import { z } from "zod"
import { shareInProportion } from "./money.js"
import { SIZES } from "./sizes.js"
import { COINS_PER_RUPEE } from "./wallet.js"

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

export const returnLineRequestSchema = z.strictObject({
  lineId: z.string().regex(/^ordli_[A-Za-z0-9]{1,40}$/, "lineId: not an order line id"),
  quantity: z.number().int().min(1).max(99),
  reason: z.enum(RETURN_REASONS, { message: `reason must be one of: ${RETURN_REASONS.join(", ")}` }),
  note: z.string().trim().max(RETURN_NOTE_MAX).optional(),
  /** Another size of the same product instead of a refund. */
  exchangeSize: z.enum(SIZES).optional(),
})
export type ReturnLineRequest = z.infer<typeof returnLineRequestSchema>

/** POST /api/orders/{orderId}/returns. */
export const returnRequestSchema = z
  .strictObject({
    lines: z.array(returnLineRequestSchema).min(1).max(50),
    /** One of the shopper's saved addresses; the order's delivery address when absent. */
    pickupAddressId: z.string().trim().min(1).max(100).optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>()
    body.lines.forEach((line, index) => {
      if (seen.has(line.lineId)) ctx.addIssue({ code: "custom", path: ["lines", index, "lineId"], message: "Each line may be named once" })
      seen.add(line.lineId)
      if (line.reason === "Other" && !line.note)
        ctx.addIssue({ code: "custom", path: ["lines", index, "note"], message: "Tell us why in a note when the reason is Other" })
    })
  })
export type ReturnRequest = z.infer<typeof returnRequestSchema>

/** 201 from POST /api/orders/{orderId}/returns. */
export const returnCreatedSchema = z.strictObject({
  id: z.string().uuid(),
  status: z.enum(RETURN_STATUSES),
  /** The India calendar day the courier comes (yyyy-mm-dd) once booked. */
  pickupDate: z.iso.date().nullable().optional(),
})
export type ReturnCreated = z.infer<typeof returnCreatedSchema>

/** What comes back for a return, fixed when it is asked: money to the way it was paid, and Dark Coins. */
export const returnRefundSchema = z.strictObject({
  /** Paise refunded to the original payment method (Razorpay); 0 for cash on delivery and exchanges. */
  toPayment: z.number().int().nonnegative(),
  /** Dark Coins credited: the coins spent on the units, and a cash-on-delivery return's value as coins. */
  coins: z.number().int().nonnegative(),
})
export type ReturnRefund = z.infer<typeof returnRefundSchema>

/** A line sent back, as a return shows it: what, how many, why, and the size it becomes for an exchange. */
export const returnedLineSchema = z.strictObject({
  lineId: z.string(),
  title: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int().positive(),
  reason: z.enum(RETURN_REASONS),
  note: z.string().nullable(),
  exchangeSize: z.string().nullable(),
})
export type ReturnedLine = z.infer<typeof returnedLineSchema>

export const orderReturnSchema = z.strictObject({
  id: z.string().uuid(),
  kind: z.enum(["return", "exchange"]),
  status: z.enum(RETURN_STATUSES),
  lines: z.array(returnedLineSchema),
  refund: returnRefundSchema,
  pickupDate: z.iso.date().nullable(),
  trackingUrl: z.string().nullable(),
  /** When it reached each status (ISO instants); null until it did. */
  timeline: z.strictObject({
    requestedAt: z.string(),
    pickupScheduledAt: z.string().nullable(),
    pickedUpAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
    exchangedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
  }),
})
export type OrderReturn = z.infer<typeof orderReturnSchema>

/** One Dark Coin in paise. */
const PAISE_PER_COIN = 100 / COINS_PER_RUPEE

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
  if (!line || units < 1 || firstUnit < 0 || firstUnit + units > line.quantity) throw new RangeError("no such units to return")
  const lineShare = discountShares(
    order.discount,
    order.lines.map((l) => l.unitPrice * l.quantity),
  )[lineIndex] as number
  const unitShares = discountShares(
    lineShare,
    Array.from({ length: line.quantity }, () => 1),
  )
  const discount = unitShares.slice(firstUnit, firstUnit + units).reduce((sum, share) => sum + share, 0)
  const paid = line.unitPrice * units - discount
  const spentCoins = Math.floor(discount / PAISE_PER_COIN)
  if (order.paymentMethod === "online") return { toPayment: paid, coins: spentCoins }
  return { toPayment: 0, coins: spentCoins + Math.floor(paid / PAISE_PER_COIN) }
}
