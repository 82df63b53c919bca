import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { adminProductRoutes } from "./routes.js"

type Deps = Pick<SharedDeps, "commerce" | "logger" | "authentication"> & { refreshCatalog: (productIds: string[]) => Promise<void> }

/** The console's catalogue (staff only): products written to Medusa, the read model refreshed at once. */
export function adminProductsModule({ commerce, logger, authentication, refreshCatalog }: Deps): FeatureModule {
  return { routes: adminProductRoutes({ commerce, refreshCatalog, logger, authentication }) }
}
