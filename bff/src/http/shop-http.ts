import { existsSync } from "node:fs"
import type { RequestListener } from "node:http"
import path from "node:path"
import compression from "compression"
import cookieParser from "cookie-parser"
import express, { type Express, type RequestHandler, type Router } from "express"
import type { Config } from "../config.js"
import type { Db } from "../lib/db.js"
import type { Background } from "./background.js"
import type { Logger } from "../lib/logger.js"
import { metricsExposition } from "../lib/metrics.js"
import { answerBeforeExpress } from "./answer-before-express.js"
import type { TrustProxy } from "./client-address.js"
import { errorHandler, notFoundHandler, refuseMalformedPath } from "./error-handler.js"
import type { FeatureModule } from "./feature-module.js"
import type { InlineSources } from "./inline-sources.js"
import { internalApp } from "./internal-app.js"
import { observeRequests } from "./observe-requests.js"
import { isHealthPath, requestLog } from "./request-log.js"
import { securityHeaders, withStrictTransport } from "./security-headers.js"
import { staticAssets } from "./static-assets.js"

/** Routes a caller adds to the app, made from its config, database and logger: a path each, and what answers there. */
export type ExtraRoutes = (deps: { config: Config; db: Db; logger: Logger }) => { path: string; handler: RequestHandler }[]

/**
 * The BFF as Node serves it (`http.createServer(app)`): the early reads, then Express; and its background work.
 * `internal` is the listener for commerce alone (`/api/internal/*` and health), served on INTERNAL_HOST:INTERNAL_PORT;
 * the public listener answers 404 there.
 */
export type ShopApp = RequestListener & { background: Background; internal: RequestListener }

/** The Express app the modules mount on, set as every listener of the shop reads it (its proxies, its query parser). */
export function expressApp(config: Pick<Config, "TRUST_PROXY">): Express {
  const app = express()
  app.disable("x-powered-by")
  app.set("trust proxy", config.TRUST_PROXY)
  app.set("query parser", "simple")
  return app
}

/** Express's compiled "trust proxy" setting, to read a visitor's address as `req.ip` would. */
export const trustOf = (app: Express): TrustProxy => app.get("trust proxy fn") as TrustProxy

/** Serves a built single-page app (the console) under a base path, falling back to its index.html for client routes. */
function mountSpa(app: Express, base: string, dist: string) {
  const index = path.join(dist, "index.html")
  if (!existsSync(index)) return
  app.use(base, ...staticAssets(dist))
  app.get(`${base}{/*path}`, (_req, res) => {
    res.set("Cache-Control", "no-cache").sendFile(index)
  })
}

export type ShopHttp = {
  config: Config
  logger: Logger
  db: Db
  /** In mounting order: where two modules' routes share a path, the first answers. */
  modules: FeatureModule[]
  /** The health module's routes, which the internal listener serves too. */
  health: Router
  /** Routes the caller adds after /media, before the pages (the dev entry's emulators). */
  extraRoutes: { path: string; handler: RequestHandler }[]
  media: RequestHandler
  /** Whether the real Razorpay script loads (its origin allowed by the content policy). */
  razorpayCheckout: boolean
  /** The storefront's inline scripts and styles, which the content policy allows by hash. */
  inlineSources: InlineSources | undefined
}

/**
 * Both listeners of the shop from its modules: the public one (the early reads, then Express: headers, parsers, the
 * API, media, the console, the storefront's files and pages) and the internal one for commerce (`/api/internal/*`,
 * health and metrics), which the public one answers 404.
 */
export function shopListeners(
  app: Express,
  { config, logger, db, modules, health, extraRoutes, media, razorpayCheckout, inlineSources }: ShopHttp,
): { public: RequestListener; internal: RequestListener } {
  app.use(requestLog(logger, isHealthPath))
  // The headers first, so every answer carries them, a malformed path's 400 included.
  app.use(securityHeaders({ razorpayCheckout, mediaOrigin: new URL(config.PUBLIC_URL).origin, inlineSources }))
  app.use(refuseMalformedPath)
  // The catalogue's reads are answered before Express dispatches (see the end), gzipped from their cache.
  // Other answers (JSON, HTML) are compressed for browsers that ask; the build's assets come precompressed.
  app.use(compression({ threshold: 1024 }))
  // Razorpay signs the raw bytes, so its webhook is read before any JSON parser touches the body.
  for (const { rawBodyRoutes } of modules) if (rawBodyRoutes) app.use("/api", rawBodyRoutes)

  const api = express.Router()
  // A post's photo may come inline (a data URL of up to 10 MB): that one body is read by its route, after
  // sign-in and the posting limit, so nobody can make the server parse megabytes before being checked.
  const smallJson = express.json({ limit: "100kb" })
  const readsOwnBody = modules.flatMap((module) => module.readsOwnBody ?? [])
  api.use((req, res, next) => (readsOwnBody.some((reads) => reads(req)) ? next() : smallJson(req, res, next)))
  api.use(cookieParser())
  // Commerce's calls come to the internal listener (below); on the public port they don't exist.
  api.use("/internal", notFoundHandler)
  for (const { routes } of modules) if (routes) api.use(routes)
  api.use(notFoundHandler)
  app.use("/api", api)
  // Served on the internal listener only; here it must not fall through to the storefront's pages.
  app.use("/metrics", notFoundHandler)

  app.use("/media", media)

  // Before the pages, which answer every other address.
  for (const route of extraRoutes) app.use(route.path, route.handler)

  mountSpa(app, "/admin", config.ADMIN_DIST)
  // The storefront's built files; its pages, every other address included, are the seo module's.
  app.use(...staticAssets(config.STOREFRONT_DIST))
  for (const { pages } of modules) if (pages) app.use(pages)
  app.use(notFoundHandler)
  app.use(errorHandler(logger))

  // Answered before Express: the catalogue's listing and product reads (GET /api/products…) and the feed (GET /api/fitfeed/feed).
  const early = modules.flatMap((module) => module.early ?? [])
  const countRequests = config.REQUEST_METRICS === "on"
  const traced = config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined
  const internal = internalApp({ health, routes: modules.flatMap((module) => module.internal ?? []), logger, metrics: () => metricsExposition(db) })
  return {
    public: observeRequests(withStrictTransport(answerBeforeExpress(early, app), config.NODE_ENV === "production"), {
      trust: trustOf(app),
      countRequests,
      traced,
    }),
    internal: observeRequests(internal, { trust: () => false, countRequests, traced }),
  }
}
