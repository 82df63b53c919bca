import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { walletRoutes } from "./routes.js"

/** The Dark Coins ledger's writes and the SQL other features count balances with. */
export {
  assignCheckoutEntriesToOrder,
  balanceSql,
  closeWallet,
  CoinsAlreadySpent,
  COUNTED_ENTRY,
  creditReturnCoins,
  darkCoinsBalance,
  dropPendingEarningsThrough,
  earnReferralCoins,
  holdEarningsForReturn,
  ledgerEntries,
  lockWalletsOfOrder,
  matureReferralCoins,
  releaseEarningsOfReturn,
  returnSpentCoins,
  reverseReferralCoins,
  spendCoins,
} from "./ledger.js"
export { creditMedusaRefundCoins } from "./medusa-refund-coins.js"

/** The shopper's Dark Coins: balance and ledger. */
export function walletModule({ db, authentication }: Pick<SharedDeps, "db" | "authentication">): FeatureModule {
  return { routes: walletRoutes({ db, authentication }) }
}
