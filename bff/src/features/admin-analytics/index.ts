import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { adminAnalyticsRoutes } from "./routes.js"

/** The console's dashboard figures and orders list, computed from the BFF's own orders. */
export function adminAnalyticsModule({ db, commerce, authentication }: Pick<SharedDeps, "db" | "commerce" | "authentication">): FeatureModule {
  return { routes: adminAnalyticsRoutes({ db, commerce, authentication }) }
}
