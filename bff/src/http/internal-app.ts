import express, { type Express, type RequestHandler, type Router } from "express"
import type { Logger } from "../lib/logger.js"
import { errorHandler, notFoundHandler } from "./error-handler.js"
import { isHealthPath, requestLog } from "./request-log.js"

/** Passes `/internal/*` (under /api) on; everything else is a 404, whatever router would have answered it. */
const onlyInternalPaths: RequestHandler = (req, res, next) => (/^\/internal\//i.test(req.path) ? next() : notFoundHandler(req, res, next))

/**
 * The app commerce calls (`BFF_INTERNAL_URL`), served on its own listener (INTERNAL_HOST:INTERNAL_PORT, loopback
 * by default): `/api/internal/*`, `/api/health…` and the Prometheus metrics (`GET /metrics`), nothing else. The
 * internal routes still check INTERNAL_API_SECRET; the metrics rely on this listener never being published.
 */
export function internalApp({
  health,
  routes,
  logger,
  metrics,
}: {
  health: Router
  routes: Router[]
  logger: Logger
  metrics: () => Promise<{ contentType: string; body: string }>
}): Express {
  const app = express()
  app.disable("x-powered-by")
  app.use(requestLog(logger, (path) => isHealthPath(path) || path === "/metrics"))
  app.get("/metrics", async (_req, res) => {
    const { contentType, body } = await metrics()
    res.set("Cache-Control", "no-store").type(contentType).send(body)
  })
  const api = express.Router()
  api.use(express.json({ limit: "100kb" }))
  api.use(health)
  api.use(onlyInternalPaths, ...routes)
  api.use(notFoundHandler)
  app.use("/api", api)
  app.use(notFoundHandler)
  app.use(errorHandler(logger))
  return app
}
