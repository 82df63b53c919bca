import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { adminJobsRoutes } from "./routes.js"

type Deps = Pick<SharedDeps, "db" | "authentication">

/** Staff's view of the background jobs that failed, and their retry. */
export function adminJobsModule({ db, authentication }: Deps): FeatureModule {
  return { routes: adminJobsRoutes({ db, authentication }) }
}
