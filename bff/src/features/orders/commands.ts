import type { Db } from "../../lib/db.js"
import type { EventBus } from "../../lib/event-bus.js"
import type { OrderEventFacts } from "../../lib/order-events.js"
import {
  advanceStatus,
  endAs,
  recordMedusaOrder,
  recordOrder,
  recordShipment,
  type AcceptedOrder,
  type MedusaPlacedOrder,
  type OrderShipment,
  type PlacedCheckout,
} from "./orders.js"

type Queryable = Pick<Db, "query">

/** How an order ends, with the status it takes. */
const ENDED_AS = { cancelled: "CANCELLED", returned: "RETURNED" } as const
export type OrderEnding = keyof typeof ENDED_AS

/**
 * The order's life, one command per change: each writes the order's row and tells the change on the bus, in the
 * caller's transaction, so the change and what it causes (a message queued, a tax document due, referral coins)
 * commit or roll back together. A command whose change already happened writes and tells nothing and answers false,
 * so a repeated notice or a replay is heard once. With addReturnedLines (a return's units back, which nobody is told
 * of: the return tells its own steps), nothing else writes bff.orders.
 */
export function orderCommands(events: Pick<EventBus, "order">) {
  return {
    /** An accepted order recorded (as paid when paid online, else as placed): the shopper is told it is placed. */
    async record(client: Queryable, accepted: AcceptedOrder, checkout: PlacedCheckout): Promise<boolean> {
      if (!(await recordOrder(client, accepted, checkout))) return false
      await events.order(client, accepted.id, "placed")
      return true
    },

    /** Medusa placed the accepted order: its id and line ids kept (nobody is told: the shopper heard at acceptance). */
    async placedInMedusa(client: Queryable, orderId: string, placed: MedusaPlacedOrder): Promise<boolean> {
      return recordMedusaOrder(client, orderId, placed)
    },

    /** The courier booked the parcel: its AWB and tracking stored, the order "dispatched" (it moves on with the scans). */
    async dispatch(client: Queryable, orderId: string, shipment: OrderShipment): Promise<boolean> {
      if (!(await recordShipment(client, orderId, shipment))) return false
      await events.order(client, orderId, "dispatched")
      return true
    },

    /**
     * The warehouse packs it (PROCESSING, which nobody is told of), the courier took it (SHIPPED) or delivered it
     * (DELIVERED); an order never moves back, nor out of an ending.
     */
    async moveOn(client: Queryable, orderId: string, status: "PROCESSING" | "SHIPPED" | "DELIVERED", facts: OrderEventFacts = {}): Promise<boolean> {
      if (!(await advanceStatus(client, orderId, status))) return false
      if (status !== "PROCESSING") await events.order(client, orderId, status === "SHIPPED" ? "shipped" : "delivered", facts)
      return true
    },

    /** The order ended, cancelled or returned whole; `facts` says what the ending gave back (its message tells it). */
    async end(client: Queryable, orderId: string, ending: OrderEnding, facts: OrderEventFacts): Promise<boolean> {
      if (!(await endAs(client, orderId, ENDED_AS[ending]))) return false
      await events.order(client, orderId, ending, facts)
      return true
    },
  }
}

export type OrderCommands = ReturnType<typeof orderCommands>
