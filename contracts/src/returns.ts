import { z } from "zod"
import { RETURN_NOTE_MAX, RETURN_REASONS, RETURN_STATUSES } from "./return-rules.js"
import { SIZES } from "./sizes.js"

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
export type { ReturnRefund } from "./return-rules.js"

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
