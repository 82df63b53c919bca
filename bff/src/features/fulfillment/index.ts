import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { ShiprocketClient } from "../../lib/shiprocket.js"
import type { ShiprocketSettings } from "../../lib/shiprocket-settings.js"
import { DISPATCH_JOB, dispatchJob } from "./dispatch.js"
import { orderCommands } from "../orders/index.js"
import { MEDUSA_SHIPMENT_JOB, medusaShipmentJob, mirrorCourierMoves } from "./medusa-shipment.js"
import { fulfillmentRoutes } from "./routes.js"

/** Checkout queues an order's dispatch under this name in the transaction that records the order. */
export { DISPATCH_JOB } from "./dispatch.js"

type Deps = SharedDeps & {
  config: Pick<Config, "SHIPROCKET_PICKUP_LOCATION">
  shiprocket: Pick<ShiprocketSettings, "webhookToken">
  shiprocketClient: ShiprocketClient
}

/** Shiprocket: each order's dispatch, the courier's tracking webhook, and Medusa told what the courier did. */
export function fulfillmentModule({ config, db, commerce, logger, authentication, limiter, shiprocket, shiprocketClient, events }: Deps): FeatureModule {
  const orders = orderCommands(events)
  return {
    routes: fulfillmentRoutes({
      db,
      authentication,
      limiter,
      webhookToken: shiprocket.webhookToken,
      logger,
      orders,
      events,
    }),
    jobs: {
      [DISPATCH_JOB]: dispatchJob({ db, shiprocket: shiprocketClient, pickupLocation: config.SHIPROCKET_PICKUP_LOCATION, logger, orders }),
    },
    mirrorJobs: { [MEDUSA_SHIPMENT_JOB]: medusaShipmentJob({ db, commerce }) },
    listens: { order: mirrorCourierMoves },
  }
}
