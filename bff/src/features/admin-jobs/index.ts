import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { adminJobsRoutes } from "./routes.js"

type Deps = Pick<SharedDeps, "db" | "authentication"> & {
  /** Wakes the queue that runs jobs of this kind, so a retried job runs now rather than at the next poll. */
  kickQueueOf: (kind: string) => void
}

/** Staff's view of the background jobs that failed, and their retry. */
export function adminJobsModule({ db, authentication, kickQueueOf }: Deps): FeatureModule {
  return { routes: adminJobsRoutes({ db, authentication, kickQueueOf }) }
}
