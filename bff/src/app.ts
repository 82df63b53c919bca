import { existsSync } from "node:fs"
import path from "node:path"
import express, { type Express } from "express"
import { pinoHttp } from "pino-http"
import type { Config } from "./config.js"
import { catalogRoutes } from "./features/catalog/routes.js"
import { createCatalogService } from "./features/catalog/service.js"
import { healthRoutes } from "./features/health/routes.js"
import { errorHandler, notFoundHandler } from "./http/error-handler.js"
import type { Db } from "./lib/db.js"
import type { Logger } from "./lib/logger.js"
import type { Commerce } from "./lib/medusa.js"
import type { Redis } from "./lib/redis.js"

export type AppDeps = {
  config: Pick<Config, "MEDIA_DIR" | "STOREFRONT_DIST" | "ADMIN_DIST" | "NODE_ENV">
  logger: Logger
  db: Db
  redis?: Redis | undefined
  commerce: Commerce
}

/** Serves a built single-page app under a base path, falling back to its index.html for client routes. */
function mountSpa(app: Express, base: string, dist: string) {
  const index = path.join(dist, "index.html")
  if (!existsSync(index)) return
  app.use(base, express.static(dist, { index: false, maxAge: "1h" }))
  const pattern = base === "/" ? "/{*path}" : `${base}{/*path}`
  app.get(pattern, (_req, res) => {
    res.set("Cache-Control", "no-cache").sendFile(index)
  })
}

/** The whole HTTP app without listen(), so tests start it on port 0. */
export function createApp({ config, logger, db, redis, commerce }: AppDeps): Express {
  const app = express()
  app.disable("x-powered-by")
  app.set("trust proxy", "loopback")
  app.set("query parser", "simple")
  app.use(pinoHttp({ logger, autoLogging: { ignore: (req) => req.url === "/api/health" } }))
  app.use((_req, res, next) => {
    res.set({ "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" })
    next()
  })

  const api = express.Router()
  api.use(express.json({ limit: "100kb" }))
  api.use(healthRoutes({ db, redis, commerce }))
  api.use(catalogRoutes(createCatalogService(commerce)))
  api.use(notFoundHandler)
  app.use("/api", api)

  app.use("/media", express.static(config.MEDIA_DIR, { maxAge: "7d", fallthrough: true }))
  app.use("/media", notFoundHandler)

  mountSpa(app, "/admin", config.ADMIN_DIST)
  mountSpa(app, "/", config.STOREFRONT_DIST)
  app.use(notFoundHandler)
  app.use(errorHandler(logger))
  return app
}
