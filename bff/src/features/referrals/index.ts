import type { Config } from "../../config.js"
import type { TrustProxy } from "../../http/client-address.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { OrderEventListener } from "../../lib/order-events.js"
import { referralEarnings, undoOrderEarnings } from "./earnings.js"
import { referralRoutes } from "./routes.js"
import { referralVisits } from "./visits.js"

export { undoOrderEarnings } from "./earnings.js"
export { refPostOf } from "./visits.js"

type Deps = Pick<SharedDeps, "db" | "logger"> & {
  config: Pick<Config, "AUTH_TOKEN_SECRET" | "REFERRAL_SHARE_PERCENT" | "RETURN_WINDOW_DAYS">
  /** Express's compiled "trust proxy" setting, to read a visitor's address as `req.ip` would. */
  trust: TrustProxy
}

/**
 * Shared links to FITFEED posts: what a link points at, the visits it brings (heard of the catalogue's
 * product reads) and the Dark Coins its author earns, which the order's events move: paid when it is placed
 * (online) or delivered, taken back when it is cancelled or returned whole, in the transaction of each.
 */
export function referralsModule({ config, db, logger, trust }: Deps): FeatureModule {
  const visits = referralVisits({ db, tokenSecret: config.AUTH_TOKEN_SECRET, trust, logger })
  const earnings = referralEarnings({ sharePercent: config.REFERRAL_SHARE_PERCENT, returnWindowDays: config.RETURN_WINDOW_DAYS })
  const onOrderEvent: OrderEventListener = async (client, orderId, event) => {
    if (event === "placed" || event === "delivered") await earnings.creditOrderById(client, orderId)
    else if (event === "cancelled" || event === "returned") await undoOrderEarnings(client, orderId)
  }
  return { routes: referralRoutes({ db }), listens: { order: onOrderEvent, productRead: visits.onProductRead } }
}
