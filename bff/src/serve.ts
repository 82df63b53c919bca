import { createServer, type RequestListener, type Server } from "node:http"
import { createApp, createCatalogCache, type AppDeps } from "./app.js"
import { catalogSync as createCatalogSync } from "./features/catalog/index.js"
import { ConfigError, loadConfig } from "./config.js"
import { createDb, type Db } from "./lib/db.js"
import { jobWakeups } from "./lib/job-wakeups.js"
import { createLogger, type Logger } from "./lib/logger.js"
import { createCommerce } from "./lib/medusa.js"
import { migrate } from "./lib/migrate.js"
import { createRedis } from "./lib/redis.js"
import { keepSchedules, runAsLeader } from "./lib/schedules.js"
import { DRAIN_TIMEOUT_MS, KEEP_ALIVE_MS } from "./lib/server-timing.js"
import { startTracing } from "./lib/tracing.js"

/**
 * Builds the read model as soon as Medusa answers (it may still be booting), then rebuilds it
 * periodically, one replica a round: events keep it current, this repairs anything an event missed.
 */
function keepCatalogInSync(db: Db, sync: ReturnType<typeof createCatalogSync>, logger: Logger, everyMs: number) {
  let stopped = false
  let failures = 0
  let timer: NodeJS.Timeout | undefined
  const schedule = (ms: number, work: () => Promise<unknown>) => {
    if (stopped) return
    timer = setTimeout(() => {
      work().then(
        () => schedule(everyMs, () => runAsLeader(db, "catalogue rebuild", everyMs, sync.rebuild)),
        (err: unknown) => {
          // Medusa may still be booting: say so once in a while, not every two seconds.
          if (failures++ % 15 === 0) logger.warn({ err }, "catalogue sync failed; retrying")
          schedule(2000, work)
        },
      )
    }, ms)
    timer.unref()
  }
  schedule(0, sync.rebuildIfEmpty)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

function fail(message: string): never {
  process.stderr.write(`bff: ${message}\n`)
  process.exit(1)
}

/**
 * Runs the BFF as a process: config from the environment, migrations, both listeners, background work, a drain on
 * SIGTERM/SIGINT. `extraRoutes` are the caller's (the dev entry's emulators); the production entry, main.ts, has none.
 */
export async function serveBff({ extraRoutes }: Pick<AppDeps, "extraRoutes"> = {}) {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
  const logger = createLogger(config.LOG_LEVEL)
  const stopTracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME })
    : async () => undefined
  const db = createDb(config.DATABASE_URL)
  try {
    const applied = await migrate(db)
    if (applied.length) logger.info({ applied }, "applied migrations")
  } catch (error) {
    fail(`cannot prepare the database at ${new URL(config.DATABASE_URL).host}: ${(error as Error).message}`)
  }
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined
  redis?.on("error", (err) => logger.warn({ err }, "redis error"))
  const commerce = createCommerce({ baseUrl: config.MEDUSA_URL, publishableKey: config.MEDUSA_PUBLISHABLE_KEY, internalSecret: config.INTERNAL_API_SECRET, db })
  const catalogCache = createCatalogCache(config, redis, logger)
  const catalogSync = createCatalogSync({ db, commerce, logger, onChange: catalogCache.invalidate })
  const app = createApp({ config, logger, db, redis, commerce, catalogSync, catalogCache, extraRoutes })

  const listen = (listener: RequestListener, port: number, host: string, what: string, setting: string): Server => {
    const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 }, listener).listen(port, host)
    server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") fail(`port ${port} (${setting}) is already in use`)
      fail(error.message)
    })
    server.on("listening", () => logger.info({ port, host }, what))
    return server
  }
  const server = listen(app, config.PORT, config.HOST, "bff listening", "PORT")
  // Commerce's calls (/api/internal/*) are served here only, never on the public port.
  const internalServer = listen(app.internal, config.INTERNAL_PORT, config.INTERNAL_HOST, "bff internal listener for commerce", "INTERNAL_PORT")
  const stopReconcile = keepCatalogInSync(db, catalogSync, logger, config.CATALOG_RECONCILE_SECONDS * 1000)
  const { jobs, mail, messages, mirror, placements } = app.background
  const queues = [jobs, mail, messages, mirror, placements]
  for (const queue of queues) queue.start()
  const wakeups = jobWakeups({ db, logger, queues })
  wakeups.start()
  const stopSchedules = keepSchedules(db, app.background.schedules, logger)

  let stopping = false
  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    logger.info({ signal }, "draining")
    const force = setTimeout(() => process.exit(1), DRAIN_TIMEOUT_MS)
    force.unref()
    stopReconcile()
    stopSchedules()
    server.close()
    internalServer.close()
    await wakeups.stop()
    await Promise.all(queues.map((queue) => queue.stop()))
    catalogCache.close()
    await Promise.allSettled([db.end(), redis?.quit(), stopTracing()])
    process.exit(0)
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"))
  process.on("SIGINT", () => void shutdown("SIGINT"))
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"))
}
