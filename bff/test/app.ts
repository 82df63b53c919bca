import { inject } from "vitest"
import { createApp } from "../src/app.js"
import { loadConfig } from "../src/config.js"
import { createDb } from "../src/lib/db.js"
import { createLogger } from "../src/lib/logger.js"
import { createCommerce } from "../src/lib/medusa.js"
import { migrate } from "../src/lib/migrate.js"
import { createRedis } from "../src/lib/redis.js"

/** The real app against the run's PostgreSQL, Redis and Medusa; `close` releases its connections. */
export async function createTestApp(overrides: { medusaUrl?: string } = {}) {
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: inject("databaseUrl"),
    REDIS_URL: inject("redisUrl"),
    MEDUSA_URL: overrides.medusaUrl ?? inject("medusaUrl"),
    MEDIA_DIR: inject("mediaDir"),
    LOG_LEVEL: "silent",
  })
  const db = createDb(config.DATABASE_URL)
  await migrate(db)
  const redis = createRedis(config.REDIS_URL!)
  const commerce = createCommerce({ baseUrl: config.MEDUSA_URL, db })
  const app = createApp({ config, logger: createLogger("silent"), db, redis, commerce })
  return {
    app,
    db,
    close: async () => {
      await db.end()
      redis.disconnect()
    },
  }
}
