import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { Db } from "../../lib/db.js"
import type { OrderEventListener } from "../../lib/order-events.js"
import { medusaOrderSync, ORDER_SYNC_JOB } from "./medusa-sync.js"
import type { OrderAsks } from "./presenter.js"
import { orderRoutes } from "./routes.js"

/** The BFF's own order rows: written by checkout and fulfilment, read by FITFEED and referrals. */
export {
  advanceStatus,
  creditNoteDue,
  hasEnded,
  invoiceDue,
  latestPaidPurchaseOf,
  lineName,
  lockOrder,
  markCancelled,
  markReturned,
  orderById,
  orderByTrackingId,
  PAID_OR_DELIVERED,
  recordOrder,
  recordShipment,
  returnWindowEnd,
  type CheckoutLine,
  type OrderRecord,
  type OrderStatus,
  type ShippingAddress,
} from "./orders.js"
export { lineWindowEnd, type OrderAsks, type ReturnRules } from "./presenter.js"

type Deps = Pick<SharedDeps, "db" | "authentication" | "commerce" | "logger"> & {
  config: Pick<Config, "INTERNAL_API_SECRET" | "RETURN_WINDOW_DAYS">
  /** Ends an order cancelled or returned whole in Medusa (checkout's undoing: coins, referral earnings, refund). */
  end: (orderId: string, ending: "cancelled" | "returned") => Promise<boolean>
  /** Settles the shopper's returns Medusa received (ops may receive one in the dashboard before the courier's scan). */
  returnsReceived?: (orderId: string, medusaReturnIds: string[]) => Promise<unknown>
  /** Pays referral earnings for an order Medusa says was delivered. */
  creditReferrals: (client: Pick<Db, "query">, orderId: string) => Promise<unknown>
  /** Told of a shipment or delivery Medusa reports, in the transaction that records it. */
  onOrderEvent: OrderEventListener
  /** The returns asked on these orders, by order id, shown with them. */
  asksOf?: (orderIds: string[]) => Promise<Map<string, OrderAsks>>
}

/**
 * The shopper's orders, and every change Medusa makes to them followed here: commerce's notice on the
 * internal listener (the public one refuses /internal), a job per notice, and a scheduled sweep.
 */
export function ordersModule({
  config,
  db,
  authentication,
  commerce,
  logger,
  end,
  returnsReceived,
  creditReferrals,
  onOrderEvent,
  asksOf,
}: Deps): FeatureModule {
  const sync = medusaOrderSync({ db, commerce, logger, end, returnsReceived, creditReferrals, onOrderEvent })
  const routes = orderRoutes({
    db,
    authentication,
    internalSecret: config.INTERNAL_API_SECRET,
    returnWindowDays: config.RETURN_WINDOW_DAYS,
    changed: sync.noticed,
    asksOf,
  })
  return {
    routes,
    internal: [routes],
    jobs: { [ORDER_SYNC_JOB]: sync.syncJob },
    // One round of reading the orders Medusa changed since the last; answers how many were read.
    schedules: [{ name: "order sync", everyMs: 30_000, run: sync.sweep }],
  }
}
