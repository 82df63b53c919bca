import { z } from "zod"
import { adminPageQuery } from "./admin.js"
import { PAYMENT_METHODS } from "./orders.js"
import { RETURN_STATUSES } from "./return-rules.js"
import { returnedLineSchema, returnRefundSchema } from "./returns.js"

/** GET /api/admin/returns?limit=&offset=&status= (newest first). */
export const adminReturnListQuery = adminPageQuery.extend({
  status: z.enum(RETURN_STATUSES, { message: `must be one of ${RETURN_STATUSES.join(", ")}` }).optional(),
})
export type AdminReturnListQuery = z.infer<typeof adminReturnListQuery>

/** A return or size exchange as staff see it: the order and customer it belongs to, what comes back and why, and where it stands. */
export const adminReturnSchema = z.strictObject({
  id: z.string().uuid(),
  kind: z.enum(["return", "exchange"]),
  status: z.enum(RETURN_STATUSES),
  orderId: z.string(),
  /** Medusa's order number, shown as #1042; null until Medusa gave one. */
  orderDisplayId: z.number().int().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  customerEmail: z.string(),
  lines: z.array(returnedLineSchema.omit({ lineId: true })),
  refund: returnRefundSchema,
  /** The India calendar day the courier comes (yyyy-mm-dd) once booked. */
  pickupDate: z.iso.date().nullable(),
  trackingUrl: z.string().nullable(),
  /** ISO instants; null until it got there. */
  requestedAt: z.string(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  exchangedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When the pickup was flagged as waiting too long (RETURN_PICKUP_STUCK_DAYS after the ask); null when it was not. */
  pickupStuckAt: z.string().nullable(),
})
export type AdminReturn = z.infer<typeof adminReturnSchema>

/** `total` counts every return the query's status matches, across pages. */
export const adminReturnListSchema = z.strictObject({ returns: z.array(adminReturnSchema), total: z.number().int().nonnegative() })
export type AdminReturnList = z.infer<typeof adminReturnListSchema>
