import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { adminFitfeedRoutes } from "./routes.js"

/** Staff's review of the FITFEED posts reports hid. */
export function adminFitfeedModule({ db, authentication }: Pick<SharedDeps, "db" | "authentication">): FeatureModule {
  return { routes: adminFitfeedRoutes({ db, authentication }) }
}
