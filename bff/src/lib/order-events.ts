import type { Db } from "./db.js"

/**
 * What happened to an order, as the features that follow orders (its messages, its tax documents) hear it: told in
 * the transaction that made it happen, by the code whose status change gates it, so each is heard once. "dispatched":
 * the courier booked the parcel (Shiprocket assigned its AWB), before it leaves the warehouse.
 */
export type OrderEvent = "placed" | "dispatched" | "shipped" | "delivered" | "cancelled" | "returned" | "refunded"

/** What the code that made an event happen knows of it and its listeners can't read back: a refund's amount as it moved. */
export type OrderEventFacts = { refundedPaise?: number }

export type OrderEventListener = (client: Pick<Db, "query">, orderId: string, event: OrderEvent, facts?: OrderEventFacts) => Promise<void>

/** One listener that tells each of several, in order. */
export function everyListener(...listeners: OrderEventListener[]): OrderEventListener {
  return async (client, orderId, event, facts) => {
    for (const listener of listeners) await listener(client, orderId, event, facts)
  }
}

/** The steps of a return or exchange the shopper hears of, told like an order's events by the code whose status change gates them. */
export const RETURN_EVENTS = ["return_requested", "return_pickup", "return_cancelled", "return_refunded", "exchange_shipped"] as const
export type ReturnEvent = (typeof RETURN_EVENTS)[number]

export type ReturnEventListener = (client: Pick<Db, "query">, returnId: string, event: ReturnEvent) => Promise<void>

/** One return listener that tells each of several, in order. */
export function everyReturnListener(...listeners: ReturnEventListener[]): ReturnEventListener {
  return async (client, returnId, event) => {
    for (const listener of listeners) await listener(client, returnId, event)
  }
}
