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

/** The steps of a return or exchange the shopper hears of, told like an order's events by the code whose status change gates them. */
export const RETURN_EVENTS = ["return_requested", "return_pickup", "return_cancelled", "return_refunded", "exchange_shipped"] as const
export type ReturnEvent = (typeof RETURN_EVENTS)[number]

export type ReturnEventListener = (client: Pick<Db, "query">, returnId: string, event: ReturnEvent) => Promise<void>

/** The shop paid a refund ops issued in Medusa's dashboard (by Medusa's refund id). */
export type RefundPaidListener = (client: Pick<Db, "query">, refundId: string) => Promise<void>

/** What a feature module hears (its FeatureModule's `listens`), each told in the transaction that made it happen. */
export type EventListeners = { order?: OrderEventListener; return?: ReturnEventListener; refundPaid?: RefundPaidListener }

/** Where the code whose change gates an event tells it (SharedDeps' `events`): every module listening hears it, in mounting order. */
export type EventBus = { order: OrderEventListener; return: ReturnEventListener; refundPaid: RefundPaidListener }

/**
 * The app's one bus: made before the modules, which publish through it, and handed their listeners once they are all
 * made (`hear`). The listeners run in the publisher's transaction, one after another, so an event and what it causes
 * (a message queued, a tax document due, referral coins) commit or roll back together.
 */
export function eventBus(): EventBus & { hear(listeners: EventListeners[]): void } {
  let heard: EventListeners[] | undefined
  const listeners = () => {
    if (!heard) throw new Error("an event was published before the app collected its listeners")
    return heard
  }
  return {
    hear(collected) {
      if (heard) throw new Error("the event bus hears its listeners once")
      heard = collected
    },
    async order(client, orderId, event, facts) {
      for (const { order } of listeners()) await order?.(client, orderId, event, facts)
    },
    async return(client, returnId, event) {
      for (const { return: listener } of listeners()) await listener?.(client, returnId, event)
    },
    async refundPaid(client, refundId) {
      for (const { refundPaid } of listeners()) await refundPaid?.(client, refundId)
    },
  }
}
