import type { Serviceability } from "@fitshop/contracts"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { ShiprocketClient } from "../../lib/shiprocket.js"
import { deliveryPromises, PAUSE_AFTER_FAILURE_MS } from "./delivery-promises.js"
import { serviceabilityRoutes } from "./routes.js"

/** Whether a pincode is served and with cash on delivery; undefined when Shiprocket can't be asked now. */
export type DeliveryCheck = (pincode: string) => Promise<Serviceability | undefined>

/** When a check that got no answer may be tried again: Shiprocket is left alone this long after a failure. */
export const DELIVERY_CHECK_RETRY_SECONDS = Math.ceil(PAUSE_AFTER_FAILURE_MS / 1000)

type Deps = Pick<SharedDeps, "limiter" | "logger"> & {
  shiprocketClient: Pick<ShiprocketClient, "serviceability">
  /** SHIPROCKET_PICKUP_PINCODE, or the emulator's demo pickup. */
  pickupPincode: string
}

/** The delivery promise before buying (GET /api/serviceability), and the same check for checkout. */
export function serviceabilityModule({ limiter, logger, shiprocketClient, pickupPincode }: Deps): FeatureModule {
  const promises = deliveryPromises({ shiprocket: shiprocketClient, pickupPincode, logger })
  // Checkout asks it too (one cache and one pause after a failure for both): it refuses what couriers can't deliver.
  return { routes: serviceabilityRoutes({ promises, limiter }), answers: { deliveryCheck: promises.check } }
}
