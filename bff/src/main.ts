import type { Server } from "node:http"
import { createApp } from "./app.js"
import { ConfigError, loadConfig } from "./config.js"
import { createDb } from "./lib/db.js"
import { createLogger } from "./lib/logger.js"
import { createCommerce } from "./lib/medusa.js"
import { migrate } from "./lib/migrate.js"
import { createRedis } from "./lib/redis.js"

function fail(message: string): never {
  process.stderr.write(`bff: ${message}\n`)
  process.exit(1)
}

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
  const logger = createLogger(config.LOG_LEVEL)
  const db = createDb(config.DATABASE_URL)
  try {
    const applied = await migrate(db)
    if (applied.length) logger.info({ applied }, "applied migrations")
  } catch (error) {
    fail(`cannot prepare the database at ${new URL(config.DATABASE_URL).host}: ${(error as Error).message}`)
  }
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined
  redis?.on("error", (err) => logger.warn({ err }, "redis error"))
  const commerce = createCommerce({ baseUrl: config.MEDUSA_URL, publishableKey: config.MEDUSA_PUBLISHABLE_KEY, db })
  const app = createApp({ config, logger, db, redis, commerce })

  const server: Server = app.listen(config.PORT, config.HOST)
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail(`port ${config.PORT} is already in use`)
    fail(error.message)
  })
  server.on("listening", () => logger.info({ port: config.PORT, host: config.HOST }, "bff listening"))

  let stopping = false
  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    logger.info({ signal }, "draining")
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    server.close()
    await Promise.allSettled([db.end(), redis?.quit()])
    process.exit(0)
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"))
  process.on("SIGINT", () => void shutdown("SIGINT"))
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"))
}

void main()
