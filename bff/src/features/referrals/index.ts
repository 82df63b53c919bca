import type { Config } from "../../config.js"
import type { TrustProxy } from "../../http/client-address.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { referralEarnings, type ReferralEarnings } from "./earnings.js"
import { referralRoutes } from "./routes.js"
import { referralVisits } from "./visits.js"

export { refPostOf } from "./visits.js"

type Deps = Pick<SharedDeps, "db" | "logger"> & {
  config: Pick<Config, "AUTH_TOKEN_SECRET" | "REFERRAL_SHARE_PERCENT" | "RETURN_WINDOW_DAYS">
  /** Express's compiled "trust proxy" setting, to read a visitor's address as `req.ip` would. */
  trust: TrustProxy
}

/**
 * Shared links to FITFEED posts: what a link points at, the visits it brings (recorded on the catalogue's
 * product reads) and the Dark Coins its author earns, which checkout, cancellations and the courier's news move.
 */
export function referralsModule({ config, db, logger, trust }: Deps): FeatureModule & {
  earnings: ReferralEarnings
  onProductRead: ReturnType<typeof referralVisits>["onProductRead"]
} {
  const visits = referralVisits({ db, tokenSecret: config.AUTH_TOKEN_SECRET, trust, logger })
  const earnings = referralEarnings({ sharePercent: config.REFERRAL_SHARE_PERCENT, returnWindowDays: config.RETURN_WINDOW_DAYS })
  return { routes: referralRoutes({ db }), earnings, onProductRead: visits.onProductRead }
}
