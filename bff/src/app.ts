import { existsSync } from "node:fs"
import path from "node:path"
import cookieParser from "cookie-parser"
import compression from "compression"
import type { RequestListener } from "node:http"
import express, { type Express, type RequestHandler } from "express"
import { developmentTools, type Config } from "./config.js"
import { accountDataModule } from "./features/account-data/index.js"
import { addressesModule } from "./features/addresses/index.js"
import { adminAnalyticsModule } from "./features/admin-analytics/index.js"
import { adminFitfeedModule } from "./features/admin-fitfeed/index.js"
import { adminJobsModule } from "./features/admin-jobs/index.js"
import { adminProductsModule } from "./features/admin-products/index.js"
import { adminReturnsModule } from "./features/admin-returns/index.js"
import { authModule } from "./features/auth/index.js"
import { cartModule } from "./features/cart/index.js"
import {
  catalogModule,
  catalogSync as createCatalogSync,
  memoryCatalogCache,
  noCatalogCache,
  redisCatalogCache,
  withLookupsCounted,
  type CatalogCache,
  type CatalogSync,
} from "./features/catalog/index.js"
import { checkoutModule } from "./features/checkout/index.js"
import { devModule } from "./features/dev/index.js"
import { fitfeedModule } from "./features/fitfeed/index.js"
import { fulfillmentModule } from "./features/fulfillment/index.js"
import { healthModule } from "./features/health/index.js"
import { ordersModule } from "./features/orders/index.js"
import { invoicesModule } from "./features/invoices/index.js"
import { legalModule } from "./features/legal/index.js"
import { orderMessagesModule } from "./features/order-messages/index.js"
import { referralsModule } from "./features/referrals/index.js"
import { returnsModule } from "./features/returns/index.js"
import { seoModule } from "./features/seo/index.js"
import { readStorefrontIndex } from "./features/seo/storefront-index.js"
import { serviceabilityModule } from "./features/serviceability/index.js"
import { medusaStaffCheck, staffAuthModule } from "./features/staff-auth/index.js"
import { uploadsModule } from "./features/uploads/index.js"
import { usersModule } from "./features/users/index.js"
import { walletModule } from "./features/wallet/index.js"
import { wishlistModule } from "./features/wishlist/index.js"
import { answerBeforeExpress } from "./http/answer-before-express.js"
import { authentication } from "./http/authenticate.js"
import type { TrustProxy } from "./http/client-address.js"
import { errorHandler, notFoundHandler, refuseMalformedPath } from "./http/error-handler.js"
import { jobHandlersOf, schedulesOf, type FeatureModule, type SharedDeps } from "./http/feature-module.js"
import { internalApp } from "./http/internal-app.js"
import { observeRequests } from "./http/observe-requests.js"
import { isHealthPath, requestLog } from "./http/request-log.js"
import { securityHeaders, withStrictTransport } from "./http/security-headers.js"
import { staticAssets } from "./http/static-assets.js"
import type { Db } from "./lib/db.js"
import { jobQueue, type JobQueue } from "./lib/jobs.js"
import type { Logger } from "./lib/logger.js"
import { createMailer, type Mailer } from "./lib/mailer.js"
import { metricsExposition } from "./lib/metrics.js"
import { everyListener, everyReturnListener } from "./lib/order-events.js"
import { returnWarehouse } from "./lib/return-warehouse.js"
import { sellerSettings } from "./lib/seller-settings.js"
import type { Commerce } from "./lib/medusa.js"
import { insuredRateLimiter, memoryRateLimiter, redisRateLimiter } from "./lib/rate-limit.js"
import { createRazorpayClient } from "./lib/razorpay.js"
import { razorpaySettings } from "./lib/razorpay-settings.js"
import type { Redis } from "./lib/redis.js"
import type { Schedule } from "./lib/schedules.js"
import { shiprocketClient } from "./lib/shiprocket.js"
import { shiprocketSettings } from "./lib/shiprocket-settings.js"

export type AppDeps = {
  config: Config
  logger: Logger
  db: Db
  redis?: Redis | undefined
  commerce: Commerce
  /** Defaults to SMTP or the dev outbox, as configured. */
  mailer?: Mailer
  /** The read model's sync, shared with the process's periodic reconcile. */
  catalogSync?: CatalogSync
  /** Shared with catalogSync, which empties it on every change. */
  catalogCache?: CatalogCache
  /** Routes of the caller's, mounted after /media: the dev entry's emulators (emulators/src/main.ts); main.ts has none. */
  extraRoutes?: ExtraRoutes
}

/** Routes a caller adds to the app, made from its config, database and logger: a path each, and what answers there. */
export type ExtraRoutes = (deps: Pick<AppDeps, "config" | "db" | "logger">) => { path: string; handler: RequestHandler }[]

/** Work the app does beside answering requests; main.ts starts it, tests drive it. */
export type Background = {
  jobs: JobQueue
  /** Account mail (codes, reset links), a queue of its own so a slow Medusa or carrier job never delays a code. */
  mail: JobQueue
  /** Order messages (placed, shipped, …), a queue of their own so a burst of them delays neither codes nor dispatch. */
  messages: JobQueue
  /** Medusa told what already happened (the courier's scans): a queue of its own, whose calls give way to shoppers'. */
  mirror: JobQueue
  /** The modules' periodic work, collected from their FeatureModules. */
  schedules: Schedule[]
}

/**
 * Order messages are sent at most one each this long (50 a second): a courier's burst of 200 scans is mailed over 4 s
 * instead of taking the cores from checkout for one, and a drop's 10,000 confirmations still go within minutes.
 */
const MESSAGE_PACE_MS = 20

/**
 * The BFF as Node serves it (`http.createServer(app)`): the early reads, then Express; and its background work.
 * `internal` is the listener for commerce alone (`/api/internal/*` and health), served on INTERNAL_HOST:INTERNAL_PORT;
 * the public listener answers 404 there.
 */
export type ShopApp = RequestListener & { background: Background; internal: RequestListener }

/** Serves a built single-page app (the console) under a base path, falling back to its index.html for client routes. */
function mountSpa(app: Express, base: string, dist: string) {
  const index = path.join(dist, "index.html")
  if (!existsSync(index)) return
  app.use(base, ...staticAssets(dist))
  app.get(`${base}{/*path}`, (_req, res) => {
    res.set("Cache-Control", "no-cache").sendFile(index)
  })
}

export function createCatalogCache(config: Config, redis: Redis | undefined, logger: Logger): CatalogCache {
  if (config.CATALOG_CACHE === "off") return noCatalogCache
  return withLookupsCounted(redis ? redisCatalogCache(redis, config.REDIS_KEY_PREFIX, { logger }) : memoryCatalogCache())
}

/** The whole HTTP app without a server, so tests start it on port 0 (or hand it to supertest). */
export function createApp({ config, logger, db, redis, commerce, mailer, catalogSync, catalogCache, extraRoutes }: AppDeps): ShopApp {
  const cache = catalogCache ?? createCatalogCache(config, redis, logger)
  const sync = catalogSync ?? createCatalogSync({ db, commerce, logger, onChange: cache.invalidate })
  const production = config.NODE_ENV === "production"
  // The dev outbox: an explicit development/test mode on loopback (config.ts refuses the rest).
  const devTools = developmentTools(config)
  const razorpay = razorpaySettings(config)
  const shiprocket = shiprocketSettings(config)
  const razorpayClient = createRazorpayClient(razorpay)
  const shiprocketApi = shiprocketClient(shiprocket)
  const outgoingMail = mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, logger })
  // Redis counts for every replica; when it fails or is slow, each process counts on its own until it is back.
  const limiter = redis ? insuredRateLimiter(redisRateLimiter(redis, config.REDIS_KEY_PREFIX), memoryRateLimiter(), logger) : memoryRateLimiter()
  const shared: SharedDeps = { config, db, commerce, logger, authentication: authentication(db, config.AUTH_TOKEN_SECRET), limiter }
  const app = express()
  app.disable("x-powered-by")
  app.set("trust proxy", config.TRUST_PROXY)
  app.set("query parser", "simple")

  const health = healthModule({ ...shared, redis, catalogReady: sync.isReady })
  const uploads = uploadsModule(shared)
  const users = usersModule({ ...shared, uploads: uploads.service })
  const staffCheck = medusaStaffCheck({ ...shared, users: users.repository })
  const auth = authModule({ ...shared, users: users.repository, mailer: outgoingMail, staffCheck })
  const staffAuth = staffAuthModule({ ...shared, users: users.repository, auth })
  const referrals = referralsModule({ ...shared, trust: app.get("trust proxy fn") as TrustProxy })
  const { creditOrderById: creditReferrals, undoOrder: undoReferrals } = referrals.earnings
  const catalog = catalogModule({ ...shared, cache, sync, onProductRead: referrals.onProductRead })
  const cart = cartModule(shared)
  const wishlist = wishlistModule(shared)
  const addresses = addressesModule({ ...shared, users: users.repository })
  const wallet = walletModule(shared)
  const accountData = accountDataModule({ ...shared, users: users.repository, sessions: auth.sessions, identity: auth.identity, addresses: addresses.service })
  const invoices = invoicesModule({ ...shared, seller: sellerSettings(config) })
  const orderMessages = orderMessagesModule({
    ...shared,
    mailer: outgoingMail,
    invoiceLink: (order, siteUrl) => invoices.invoiceLink(order.id, siteUrl),
  })
  const onOrderEvent = everyListener(orderMessages.onOrderEvent, invoices.onOrderEvent)
  const serviceability = serviceabilityModule({ ...shared, shiprocketClient: shiprocketApi, pickupPincode: shiprocket.pickupPincode })
  const returns = returnsModule({
    ...shared,
    addresses: addresses.service,
    razorpayClient,
    shiprocketClient: shiprocketApi,
    warehouse: returnWarehouse(config),
    onReturnEvent: everyReturnListener(orderMessages.onReturnEvent, invoices.onReturnEvent),
  })
  const checkout = checkoutModule({
    ...shared,
    razorpay,
    razorpayClient,
    users: users.repository,
    bag: cart.bag,
    addresses: addresses.service,
    checkDelivery: serviceability.checkDelivery,
    creditReferrals,
    undoReferrals,
    onOrderEvent,
    onRefundPaid: orderMessages.onRefundPaid,
    backThroughReturns: returns.refundedByReturns,
  })
  const orders = ordersModule({
    ...shared,
    end: checkout.endOrder,
    returnsReceived: returns.receivedInMedusa,
    creditReferrals,
    onOrderEvent,
    asksOf: returns.asksOf,
  })
  const fulfillment = fulfillmentModule({
    ...shared,
    shiprocket,
    shiprocketClient: shiprocketApi,
    creditReferrals,
    undoReferrals,
    onOrderEvent,
    returnScanned: returns.scanned,
    endOrder: checkout.endOrder,
  })
  const fitfeed = fitfeedModule({ ...shared, uploads: uploads.service })
  const adminProducts = adminProductsModule({ ...shared, refreshCatalog: sync.refresh })
  const adminAnalytics = adminAnalyticsModule(shared)
  const adminFitfeed = adminFitfeedModule(shared)
  const adminJobs = adminJobsModule(shared)
  const dev = devModule({ ...shared, outbox: devTools && !config.SMTP_URL })
  const storefrontIndex = readStorefrontIndex(config.STOREFRONT_DIST)
  const legal = legalModule(shared)
  const seo = seoModule({ ...shared, catalog: catalog.service, storefrontIndex, legal: legal.info })
  // In mounting order: where two modules' routes share a path, the first answers.
  const modules: FeatureModule[] = [
    health,
    catalog,
    auth,
    users,
    uploads,
    cart,
    wishlist,
    addresses,
    wallet,
    accountData,
    serviceability,
    checkout,
    orders,
    returns,
    invoices,
    legal,
    orderMessages,
    fulfillment,
    fitfeed,
    referrals,
    adminProducts,
    adminAnalytics,
    staffAuth,
    adminFitfeed,
    adminJobs,
    adminReturnsModule(shared),
    dev,
    seo,
  ]

  app.use(requestLog(logger, isHealthPath))
  // The headers first, so every answer carries them, a malformed path's 400 included.
  app.use(
    securityHeaders({
      razorpayCheckout: !razorpay.emulated,
      mediaOrigin: new URL(config.PUBLIC_URL).origin,
      inlineSources: storefrontIndex?.inlineSources,
    }),
  )
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

  app.use("/media", uploads.media)

  // Before the pages, which answer every other address.
  for (const route of extraRoutes?.({ config, db, logger }) ?? []) app.use(route.path, route.handler)

  mountSpa(app, "/admin", config.ADMIN_DIST)
  // The storefront's built files; its pages, every other address included, are the seo module's.
  app.use(...staticAssets(config.STOREFRONT_DIST))
  for (const { pages } of modules) if (pages) app.use(pages)
  app.use(notFoundHandler)
  app.use(errorHandler(logger))

  const jobs = jobQueue({ db, logger, pollMs: config.JOB_POLL_MS, handlers: jobHandlersOf(modules, "jobs") })
  const mail = jobQueue({ db, logger, pollMs: config.JOB_POLL_MS, handlers: jobHandlersOf(modules, "mailJobs") })
  const messages = jobQueue({ db, logger, pollMs: config.JOB_POLL_MS, handlers: jobHandlersOf(modules, "messageJobs"), paceMs: MESSAGE_PACE_MS })
  const mirror = jobQueue({ db, logger, pollMs: config.JOB_POLL_MS, handlers: jobHandlersOf(modules, "mirrorJobs") })
  const background: Background = {
    jobs,
    mail,
    messages,
    mirror,
    schedules: schedulesOf(modules),
  }
  // Answered before Express: the catalogue's listing and product reads (GET /api/products…) and the feed (GET /api/fitfeed/feed).
  const early = modules.flatMap((module) => module.early ?? [])
  const trust = app.get("trust proxy fn") as TrustProxy
  const countRequests = config.REQUEST_METRICS === "on"
  const traced = config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined
  return Object.assign(observeRequests(withStrictTransport(answerBeforeExpress(early, app), production), { trust, countRequests, traced }), {
    background,
    internal: observeRequests(
      internalApp({ health: health.routes, routes: modules.flatMap((module) => module.internal ?? []), logger, metrics: () => metricsExposition(db) }),
      { trust: () => false, countRequests, traced },
    ),
  })
}
