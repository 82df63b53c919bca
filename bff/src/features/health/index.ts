import type { Router } from "express"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { Redis } from "../../lib/redis.js"
import { healthRoutes } from "./routes.js"

type Deps = Pick<SharedDeps, "db" | "commerce"> & { redis: Redis | undefined; catalogReady: () => boolean }

/** GET /api/health, on both listeners (the internal app takes `routes` as its health check). */
export function healthModule({ db, commerce, redis, catalogReady }: Deps): FeatureModule & { routes: Router } {
  return { routes: healthRoutes({ db, redis, commerce, catalogReady }) }
}
