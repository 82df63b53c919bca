import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { medusaOrderSync, ORDER_SYNC_JOB } from "./medusa-sync.js"
import type { OrderAsks } from "./presenter.js"
import { orderRoutes } from "./routes.js"

/** The BFF's own order rows: written by checkout and fulfilment, read by FITFEED and referrals. */
export {
  addReturnedLines,
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

type Deps = Pick<SharedDeps, "db" | "authentication" | "commerce" | "logger" | "events"> & {
  config: Pick<Config, "INTERNAL_API_SECRET" | "RETURN_WINDOW_DAYS">
  /** Ends an order cancelled or returned whole in Medusa (checkout's undoing: coins, referral earnings, refund). */
  end: (orderId: string, ending: "cancelled" | "returned") => Promise<boolean>
  /** Settles the shopper's returns Medusa received (ops may receive one in the dashboard before the courier's scan). */
  returnsReceived?: (orderId: string, medusaReturnIds: string[]) => Promise<unknown>
  /** The returns asked on these orders, by order id, shown with them. */
  asksOf?: (orderIds: string[]) => Promise<Map<string, OrderAsks>>
}

/**
 * The shopper's orders, and every change Medusa makes to them followed here: commerce's notice on the
 * internal listener (the public one refuses /internal), a job per notice, and a scheduled sweep.
 */
export function ordersModule({ config, db, authentication, commerce, logger, end, returnsReceived, events, asksOf }: Deps): FeatureModule {
  const sync = medusaOrderSync({ db, commerce, logger, end, returnsReceived, onOrderEvent: events.order })
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
