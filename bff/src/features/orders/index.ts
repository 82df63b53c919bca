import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { orderRoutes } from "./routes.js"

/** The BFF's own order rows: written by checkout and fulfilment, read by FITFEED and referrals. */
export {
  advanceStatus,
  latestPaidPurchaseOf,
  lockOrder,
  markCancelled,
  orderById,
  orderByTrackingId,
  PAID_OR_DELIVERED,
  recordOrder,
  recordShipment,
  type CheckoutLine,
  type OrderRecord,
  type OrderStatus,
  type ShippingAddress,
} from "./orders.js"

type Deps = Pick<SharedDeps, "db" | "authentication"> & {
  config: Pick<Config, "INTERNAL_API_SECRET">
  /** Cancels an order commerce says was cancelled in its dashboard (checkout's cancellation). */
  cancel: (orderId: string) => Promise<boolean>
}

/** The shopper's orders, and commerce's notice of a cancellation (on the internal listener; the public one refuses /internal). */
export function ordersModule({ config, db, authentication, cancel }: Deps): FeatureModule {
  const routes = orderRoutes({ db, authentication, internalSecret: config.INTERNAL_API_SECRET, cancel })
  return { routes, internal: [routes] }
}
