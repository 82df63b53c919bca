import type { LegalInfo } from "@fitshop/contracts"
import { Router } from "express"
import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { CatalogCache, CatalogService } from "../catalog/index.js"
import { robotsRoutes } from "./robots.js"
import { storefrontPageRoutes } from "./routes.js"
import { sitemapRoutes } from "./sitemap.js"
import { socialPageRoutes } from "./social-pages.js"
import type { StorefrontIndex } from "./storefront-index.js"
import type { SearchService } from "../search/index.js"

export { readStorefrontIndex } from "./storefront-index.js"

type Deps = Pick<SharedDeps, "db" | "logger" | "events"> & {
  config: Pick<Config, "STOREFRONT_DIST" | "PUBLIC_URL">
  catalog: CatalogService
  cache: CatalogCache
  /** The /search page comes rendered with its first page of results. */
  search: SearchService
  storefrontIndex: StorefrontIndex | null
  /** The policy pages' facts (legal), which those pages come rendered with. */
  legal: LegalInfo
}

/**
 * What search engines and link previews read: robots.txt, the sitemap, FITFEED's shareable pages and the storefront
 * pages whose HTML the server fills in; none while the storefront isn't built (its index.html is their start).
 */
export function seoModule({ config, db, logger, events, catalog, cache, search, storefrontIndex, legal }: Deps): FeatureModule {
  if (!storefrontIndex) return {}
  const publicUrl = config.PUBLIC_URL
  const pages = Router()
  pages.use(robotsRoutes(publicUrl))
  pages.use(sitemapRoutes({ db, publicUrl, logger }))
  pages.use(socialPageRoutes({ db, indexHtml: storefrontIndex.html, publicUrl }))
  const storefrontPages = storefrontPageRoutes({
    catalog,
    search,
    reviews: events.ask,
    cache,
    legal,
    storefrontDist: config.STOREFRONT_DIST,
    indexHtml: storefrontIndex.html,
    publicUrl,
    logger,
  })
  pages.use(storefrontPages)
  return { pages, early: [storefrontPages.early] }
}
