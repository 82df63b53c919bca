import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { Db } from "../../lib/db.js"
import type { OrderEventListener } from "../../lib/order-events.js"
import type { ShiprocketClient } from "../../lib/shiprocket.js"
import type { ShiprocketSettings } from "../../lib/shiprocket-settings.js"
import { DISPATCH_JOB, dispatchJob } from "./dispatch.js"
import { MEDUSA_SHIPMENT_JOB, medusaShipmentJob } from "./medusa-shipment.js"
import { fulfillmentRoutes } from "./routes.js"

/** Checkout queues an order's dispatch under this name in the transaction that records the order. */
export { DISPATCH_JOB } from "./dispatch.js"

type ReferralStep = (client: Pick<Db, "query">, orderId: string) => Promise<unknown>

type Deps = SharedDeps & {
  config: Pick<Config, "SHIPROCKET_PICKUP_LOCATION">
  shiprocket: Pick<ShiprocketSettings, "webhookToken">
  shiprocketClient: ShiprocketClient
  /** Pays referral earnings for a delivered (cash on delivery) order. */
  creditReferrals: ReferralStep
  /** Undoes what an order returned to origin gave. */
  undoReferrals: ReferralStep
  /** Told of a shipment or delivery the courier reports, in the transaction that records it. */
  onOrderEvent: OrderEventListener
  /** A scan of a return's reverse pickup; answers whether the AWB was a return's. */
  returnScanned: (awb: string, shiprocketStatus: string) => Promise<boolean>
  /** Ends an order a refused cash-on-delivery parcel of came back (checkout's undoing, the credit note). */
  endOrder: (orderId: string, ending: "cancelled") => Promise<boolean>
}

/** Shiprocket: each order's dispatch, the courier's tracking webhook, and Medusa told what the courier did. */
export function fulfillmentModule({
  config,
  db,
  commerce,
  logger,
  authentication,
  limiter,
  shiprocket,
  shiprocketClient,
  onOrderEvent,
  returnScanned,
  endOrder,
  ...referrals
}: Deps): FeatureModule {
  return {
    routes: fulfillmentRoutes({
      db,
      authentication,
      limiter,
      webhookToken: shiprocket.webhookToken,
      logger,
      onOrderEvent,
      returnScanned,
      endOrder,
      ...referrals,
    }),
    jobs: { [DISPATCH_JOB]: dispatchJob({ db, shiprocket: shiprocketClient, pickupLocation: config.SHIPROCKET_PICKUP_LOCATION, logger, onOrderEvent }) },
    mirrorJobs: { [MEDUSA_SHIPMENT_JOB]: medusaShipmentJob({ db, commerce }) },
  }
}
