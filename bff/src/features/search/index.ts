import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { CatalogCache, CatalogService } from "../catalog/index.js"
import { memorySearchEngine } from "./memory-engine.js"
import { postgresSearchEngine } from "./postgres-engine.js"
import { searchQueryLog } from "./query-log.js"
import { searchAdminRoutes, searchReads } from "./routes.js"
import { createSearchService, type SearchService } from "./service.js"

export type { SearchService } from "./service.js"

type Deps = Pick<SharedDeps, "config" | "db" | "logger" | "authentication"> & { catalog: CatalogService; cache: CatalogCache }

/**
 * Search over the catalogue's read model (docs/search.md): `GET /api/search` and its suggestions, answered before
 * Express from the catalogue's cache; the console's top queries. Its service fills the /search page's server render.
 */
export function searchModule({ config, db, logger, authentication, catalog, cache }: Deps): FeatureModule & { service: SearchService } {
  const log = searchQueryLog({ db, logger })
  const engine = config.SEARCH_ENGINE === "memory" ? memorySearchEngine(db) : postgresSearchEngine(db)
  const service = createSearchService({ engine, catalog, cache, log })
  return { early: [searchReads(service, logger)], routes: searchAdminRoutes(service, authentication), service }
}
