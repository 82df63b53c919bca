import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { medusaOrderSync, ORDER_SYNC_JOB } from "./medusa-sync.js"
import { orderCommands } from "./commands.js"
import { orderRoutes } from "./routes.js"

/** The order's life: its commands (the only writers of bff.orders), and its readers (a lock on its row among them). */
export { orderCommands, type OrderCommands, type OrderEnding } from "./commands.js"
export {
  addReturnedLines,
  creditNoteDue,
  hasEnded,
  invoiceDue,
  keptSizesOf,
  latestPaidPurchaseOf,
  lineName,
  lockOrder,
  medusaIdOf,
  nextOrderNumber,
  NotInMedusaYet,
  orderById,
  orderByMedusaId,
  orderByTrackingId,
  shopOrderId,
  PAID_OR_DELIVERED,
  returnWindowEnd,
  type CheckoutLine,
  type MedusaPlacedOrder,
  type OrderRecord,
  type OrderShipment,
  type OrderStatus,
  type ShippingAddress,
} from "./orders.js"
export { lineWindowEnd, type OrderAsks, type ReturnRules } from "./presenter.js"

type Deps = Pick<SharedDeps, "db" | "authentication" | "commerce" | "logger" | "events"> & {
  config: Pick<Config, "INTERNAL_API_SECRET" | "RETURN_WINDOW_DAYS">
}

/**
 * The shopper's orders, and every change Medusa makes to them followed here: commerce's notice on the
 * internal listener (the public one refuses /internal), a job per notice, and a scheduled sweep.
 */
export function ordersModule({ config, db, authentication, commerce, logger, events }: Deps): FeatureModule {
  const sync = medusaOrderSync({ db, commerce, logger, events, orders: orderCommands(events) })
  const routes = orderRoutes({
    db,
    authentication,
    internalSecret: config.INTERNAL_API_SECRET,
    returnWindowDays: config.RETURN_WINDOW_DAYS,
    changed: sync.noticed,
    asksOf: events.ask.returnAsks,
  })
  return {
    routes,
    internal: [routes],
    jobs: { [ORDER_SYNC_JOB]: sync.syncJob },
    // One round of reading the orders Medusa changed since the last; answers how many were read.
    schedules: [{ name: "order sync", everyMs: 30_000, run: sync.sweep }],
  }
}
