import { existsSync } from "node:fs"
import path from "node:path"
import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { CatalogService } from "../catalog/index.js"
import { storefrontPageRoutes } from "./routes.js"

type Deps = Pick<SharedDeps, "logger"> & { config: Pick<Config, "STOREFRONT_DIST" | "PUBLIC_URL">; catalog: CatalogService }

/** The storefront pages whose HTML the server fills in; none while the storefront isn't built (its index.html is their start). */
export function seoModule({ config, logger, catalog }: Deps): FeatureModule {
  if (!existsSync(path.join(config.STOREFRONT_DIST, "index.html"))) return {}
  return { pages: storefrontPageRoutes({ catalog, storefrontDist: config.STOREFRONT_DIST, publicUrl: config.PUBLIC_URL, logger }) }
}
