import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { devOutboxRoutes } from "./routes.js"

/** Development's outbox: mounted only when `outbox` is true (a development mode without SMTP, so mail goes to the database). */
export function devModule({ db, outbox }: Pick<SharedDeps, "db"> & { outbox: boolean }): FeatureModule {
  return outbox ? { routes: devOutboxRoutes(db) } : {}
}
