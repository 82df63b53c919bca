import { randomBytes } from "node:crypto"
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { emulatorRoutes } from "@fitshop/emulators"
import { inject } from "vitest"
import { createApp, createCatalogCache } from "../src/app.js"
import { catalogSync } from "../src/features/catalog/sync.js"
import { serverEntryOf } from "../src/features/seo/storefront-renderer.js"
import { loadConfig } from "../src/config.js"
import { createDb } from "../src/lib/db.js"
import { createLogger, type Logger } from "../src/lib/logger.js"
import { createCommerce } from "../src/lib/medusa.js"
import { migrate } from "../src/lib/migrate.js"
import { createRedis } from "../src/lib/redis.js"

export const TEST_PUBLIC_URL = "http://shop.test"

/** A folder that never exists: the BFF then serves no front end. */
const NO_FRONT_END = path.join(tmpdir(), "fitshop-no-front-end")

/** A BFF's settings for the run's PostgreSQL, Redis, Medusa and media (in process, or in a process of its own). */
export function runEnvironment() {
  return {
    NODE_ENV: "test",
    DATABASE_URL: inject("databaseUrl"),
    REDIS_URL: inject("redisUrl"),
    MEDUSA_URL: inject("medusaUrl"),
    MEDIA_DIR: inject("mediaDir"),
    AUTH_TOKEN_SECRET: inject("authTokenSecret"),
    INTERNAL_API_SECRET: inject("internalSecret"),
    // All tests share one IP.
    AUTH_RATE_LIMIT_PER_IP: "100000",
    // No front end unless a test brings its own (genericFrontEndDist): the repository's builds are not this suite's,
    // and `npm test` rebuilds them beside it (scripts/test.ts).
    STOREFRONT_DIST: NO_FRONT_END,
    ADMIN_DIST: NO_FRONT_END,
  }
}

/**
 * The real app against the run's PostgreSQL, Redis and Medusa, with the emulators mounted as the dev entry mounts them
 * (emulators/src/main.ts); `close` releases its connections. `overrides` may unset
 * a variable with `undefined` (e.g. NODE_ENV, to see the BFF's own default).
 */
export async function createTestApp(overrides: Record<string, string | undefined> = {}, { logger: chosenLogger }: { logger?: Logger } = {}) {
  const config = loadConfig({
    ...runEnvironment(),
    PUBLIC_URL: TEST_PUBLIC_URL,
    // Every test app counts its own rate limits.
    REDIS_KEY_PREFIX: `test:${randomBytes(6).toString("hex")}:`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...overrides,
  })
  const db = createDb(config.DATABASE_URL)
  await migrate(db)
  const redis = createRedis(config.REDIS_URL!)
  // A test that cuts Redis sees its calls fail; the client's own reconnection errors are not the test's business.
  redis.on("error", () => undefined)
  const commerce = createCommerce({ baseUrl: config.MEDUSA_URL, internalSecret: config.INTERNAL_API_SECRET, db })
  const logger = chosenLogger ?? createLogger(config.LOG_LEVEL)
  const cache = createCatalogCache(config, redis, logger)
  const sync = catalogSync({ db, commerce, logger, onChange: cache.invalidate })
  if (config.MEDUSA_URL === inject("medusaUrl")) await sync.rebuildIfEmpty()
  const app = createApp({ config, logger, db, redis, commerce, catalogSync: sync, catalogCache: cache, extraRoutes: emulatorRoutes })
  return {
    app,
    db,
    config,
    commerce,
    sync,
    cache,
    close: async () => {
      // A test may have ended the pool itself, to see the app without PostgreSQL.
      if (!db.ending) await db.end()
      cache.close()
      redis.disconnect()
    },
  }
}

/** A unique e-mail and handle for one test's account. */
export function uniqueAccount(label = "user") {
  const id = randomBytes(4).toString("hex")
  return { name: `Test ${label}`, email: `${label}-${id}@example.test`, handle: `${label}.${id}`.slice(0, 20), password: "streetwear42" }
}

/** A front end's built index.html as the server-filled pages start from it: generic head, empty root. */
export const GENERIC_INDEX = `<!doctype html><html><head><meta charset="UTF-8" />
<meta name="description" content="generic" />
<title>Build Your Fit</title>
</head><body><div id="root"></div></body></html>`

/** A throwaway folder holding GENERIC_INDEX as a front end's build (STOREFRONT_DIST / ADMIN_DIST); the caller removes it. */
export async function genericFrontEndDist(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), "fitshop-dist-"))
  await writeFile(path.join(dist, "index.html"), GENERIC_INDEX)
  return dist
}

/**
 * A throwaway storefront build: GENERIC_INDEX as its dist's index.html and `serverEntry` (a module's source) as its server
 * build beside it, where the BFF loads it from; `remove` deletes both.
 */
export async function standInStorefrontBuild(serverEntry: string): Promise<{ dist: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), "fitshop-build-"))
  const dist = path.join(root, "dist")
  await mkdir(dist)
  await writeFile(path.join(dist, "index.html"), GENERIC_INDEX)
  await mkdir(path.dirname(serverEntryOf(dist)))
  await writeFile(serverEntryOf(dist), serverEntry)
  return { dist, remove: () => rm(root, { recursive: true, force: true }) }
}

/** A test app serving GENERIC_INDEX as its storefront (`dist`); closing it removes that folder too. */
export async function createStorefrontTestApp() {
  const dist = await genericFrontEndDist()
  const app = await createTestApp({ STOREFRONT_DIST: dist })
  return {
    ...app,
    dist,
    close: async () => {
      await app.close()
      await rm(dist, { recursive: true, force: true })
    },
  }
}
