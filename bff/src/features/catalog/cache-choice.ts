import type { Config } from "../../config.js"
import type { Logger } from "../../lib/logger.js"
import type { Redis } from "../../lib/redis.js"
import { memoryCatalogCache, noCatalogCache, redisCatalogCache, withLookupsCounted, type CatalogCache } from "./cache.js"

/** The catalogue's response cache as configured: off, or counted and kept in Redis when there is one (shared by the replicas), else in memory. */
export function createCatalogCache(config: Pick<Config, "CATALOG_CACHE" | "REDIS_KEY_PREFIX">, redis: Redis | undefined, logger: Logger): CatalogCache {
  if (config.CATALOG_CACHE === "off") return noCatalogCache
  return withLookupsCounted(redis ? redisCatalogCache(redis, config.REDIS_KEY_PREFIX, { logger }) : memoryCatalogCache())
}
