import { z } from "@medusajs/framework/zod"

/** A courier update the BFF forwards from Shiprocket's webhook. */
export const InternalShipment = z
  .object({
    status: z.enum(["shipped", "delivered"]),
    tracking_number: z.string().min(1).max(100),
    tracking_url: z.string().url(),
  })
  .strict()

export type InternalShipmentType = z.infer<typeof InternalShipment>

/** The BFF's read of order changes: from a moment (ISO), a page at a time. */
export const InternalOrderChanges = z
  .object({
    since: z.coerce.date({ message: "since must be an ISO date" }),
    limit: z.coerce.number().int().min(1).max(500).default(200),
  })
  .strict()

export type InternalOrderChangesType = z.infer<typeof InternalOrderChanges>

const orderLineId = z.string().regex(/^ordli_[A-Za-z0-9]{1,40}$/, "id: not an order line id")
/** Room for the shopper's reason and note (up to 500 characters) together. */
const note = z.string().trim().min(1).max(1000)

/** A return the BFF decided on: its own id (the idempotency key) and the order lines' units coming back. */
export const InternalReturnRequest = z
  .object({
    bff_return_id: z.string().uuid(),
    items: z
      .array(z.object({ id: orderLineId, quantity: z.number().int().min(1).max(999), note: note.optional() }).strict())
      .min(1)
      .max(50),
    note: note.optional(),
  })
  .strict()

export type InternalReturnRequestType = z.infer<typeof InternalReturnRequest>

/** A call about one return or exchange that needs nothing more than its id (receive, cancel). */
export const InternalEmptyBody = z.object({}).strict()

/**
 * A size exchange the BFF decided on: the units coming back and the new sizes going out, each at the unit price
 * of the line it replaces (rupees, as Medusa stores it), so the exchange moves no money.
 */
export const InternalExchangeRequest = z
  .object({
    bff_return_id: z.string().uuid(),
    return_items: z
      .array(z.object({ id: orderLineId, quantity: z.number().int().min(1).max(999) }).strict())
      .min(1)
      .max(50),
    new_items: z
      .array(z.object({ variant_id: z.string().min(1).max(100), quantity: z.number().int().min(1).max(999), unit_price: z.number().min(0) }).strict())
      .min(1)
      .max(50),
  })
  .strict()

export type InternalExchangeRequestType = z.infer<typeof InternalExchangeRequest>

/** The courier's label for an exchange's new sizes, shipped at no charge. */
export const InternalExchangeShipment = z
  .object({
    tracking_number: z.string().min(1).max(100),
    tracking_url: z.string().url(),
  })
  .strict()

export type InternalExchangeShipmentType = z.infer<typeof InternalExchangeShipment>

/** Money the BFF gave back on an order, to record in Medusa: to the payment (Razorpay) or as Dark Coins, in rupees. */
export const InternalRefundRecord = z
  .object({
    bff_refund_id: z.string().regex(/^[A-Za-z0-9:_-]{1,120}$/, "bff_refund_id: letters, digits, ':', '_' and '-'"),
    kind: z.enum(["payment", "coins"]),
    amount: z.number().positive().max(10_000_000),
    return_id: z
      .string()
      .regex(/^return_[A-Za-z0-9]{1,40}$/, "return_id: not a return id")
      .optional(),
    note: z.string().trim().min(1).max(500).optional(),
  })
  .strict()

export type InternalRefundRecordType = z.infer<typeof InternalRefundRecord>
