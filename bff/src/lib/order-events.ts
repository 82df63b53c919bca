import type { Db } from "./db.js"

/**
 * What happened to an order, as the features that follow orders (its messages, its tax documents) hear it: told in
 * the transaction that made it happen, by the code whose status change gates it, so each is heard once. "dispatched":
 * the courier booked the parcel (Shiprocket assigned its AWB), before it leaves the warehouse.
 */
export type OrderEvent = "placed" | "dispatched" | "shipped" | "delivered" | "cancelled" | "returned" | "refunded"

/**
 * What the code that made an event happen knows of it and its listeners can't read back: a refund's amount as it moved;
 * that the courier's scan said it (a shipment or delivery Medusa has not heard of yet).
 */
/** `reason`: why the shop itself cancelled an order it had accepted (Medusa refused it), which its message says. */
export type OrderEventFacts = { refundedPaise?: number; fromCourier?: boolean; reason?: string }

export type OrderEventListener = (client: Pick<Db, "query">, orderId: string, event: OrderEvent, facts?: OrderEventFacts) => Promise<void>

/** The steps of a return or exchange the shopper hears of, told like an order's events by the code whose status change gates them. */
export const RETURN_EVENTS = ["return_requested", "return_pickup", "return_cancelled", "return_refunded", "exchange_shipped"] as const
export type ReturnEvent = (typeof RETURN_EVENTS)[number]

export type ReturnEventListener = (client: Pick<Db, "query">, returnId: string, event: ReturnEvent) => Promise<void>

/** The shop paid a refund ops issued in Medusa's dashboard (by Medusa's refund id). */
export type RefundPaidListener = (client: Pick<Db, "query">, refundId: string) => Promise<void>

/** What happened to a review that its author hears of: staff or trusted reporters hid it (`reason`: staff's, null for reports). */
export type ReviewEvent = "hidden"

export type ReviewEventListener = (
  client: Pick<Db, "query">,
  reviewId: string,
  event: ReviewEvent,
  facts: { reason: string | null; hiddenAt: Date },
) => Promise<void>
