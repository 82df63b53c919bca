import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { adminReturnsRoutes } from "./routes.js"

/** Staff's read-only view of returns and size exchanges (the returns feature writes them). */
export function adminReturnsModule({ db, authentication }: Pick<SharedDeps, "db" | "authentication">): FeatureModule {
  return { routes: adminReturnsRoutes({ db, authentication }) }
}
