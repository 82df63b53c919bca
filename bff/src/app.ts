import { existsSync } from "node:fs"
import path from "node:path"
import cookieParser from "cookie-parser"
import compression from "compression"
import type { RequestListener } from "node:http"
import express, { type Express } from "express"
import { developmentTools, type Config } from "./config.js"
import { authRoutes } from "./features/auth/routes.js"
import { deviceCookies } from "./features/auth/device-cookie.js"
import { medusaIdentity } from "./features/auth/medusa-identity.js"
import { authMailJobs } from "./features/auth/mail-jobs.js"
import { EXPIRE_SIGNUP_JOB, REMOVE_CUSTOMER_JOB, unverifiedSignups } from "./features/auth/unverified-signups.js"
import { authService } from "./features/auth/service.js"
import { sessionStore } from "./features/auth/sessions.js"
import { verificationCodes } from "./features/auth/verification-codes.js"
import { razorpayEmulator } from "./emulators/razorpay/index.js"
import { shiprocketEmulator } from "./emulators/shiprocket/index.js"
import { addressRoutes } from "./features/addresses/routes.js"
import { addressesRepository } from "./features/addresses/repository.js"
import { addressService } from "./features/addresses/service.js"
import { commerceCheckout } from "./features/checkout/commerce-checkout.js"
import { checkoutPlacement } from "./features/checkout/placement.js"
import { checkoutPreparation } from "./features/checkout/prepare.js"
import { razorpaySettlement, REFUND_JOB, SETTLE_JOB } from "./features/checkout/razorpay-settlement.js"
import { checkoutRoutes, razorpayWebhookRoute } from "./features/checkout/routes.js"
import { checkoutService, COD_CHECK_JOB } from "./features/checkout/service.js"
import { DISPATCH_JOB, dispatchJob } from "./features/fulfillment/dispatch.js"
import { MEDUSA_SHIPMENT_JOB, medusaShipmentJob } from "./features/fulfillment/medusa-shipment.js"
import { fulfillmentRoutes } from "./features/fulfillment/routes.js"
import { feedRead } from "./features/fitfeed/feed-read.js"
import { carriesInlinePhoto, fitfeedRoutes } from "./features/fitfeed/routes.js"
import { refreshTrending } from "./features/fitfeed/trending.js"
import { referralEarnings } from "./features/referrals/earnings.js"
import { referralRoutes } from "./features/referrals/routes.js"
import { referralVisits } from "./features/referrals/visits.js"
import { orderCancellation } from "./features/checkout/cancellation.js"
import { orderRoutes } from "./features/orders/routes.js"
import { staffAuthRoutes, staffInternalRoutes } from "./features/staff-auth/routes.js"
import { medusaStaff } from "./features/staff-auth/medusa-staff.js"
import { staffSessionCheck } from "./features/staff-auth/service.js"
import { adminFitfeedRoutes } from "./features/admin-fitfeed/routes.js"
import { adminAnalyticsRoutes } from "./features/admin-analytics/routes.js"
import { bagService } from "./features/cart/bag.js"
import { cartRoutes } from "./features/cart/routes.js"
import { catalogInternalRoutes, catalogReads } from "./features/catalog/routes.js"
import { catalogSync as createCatalogSync, type CatalogSync } from "./features/catalog/sync.js"
import { memoryCatalogCache, noCatalogCache, redisCatalogCache, type CatalogCache } from "./features/catalog/cache.js"
import { createCatalogService } from "./features/catalog/service.js"
import { devOutboxRoutes } from "./features/dev/routes.js"
import { healthRoutes } from "./features/health/routes.js"
import { storefrontPageRoutes } from "./features/seo/routes.js"
import { walletRoutes } from "./features/wallet/routes.js"
import { wishlistRepository } from "./features/wishlist/repository.js"
import { wishlistRoutes } from "./features/wishlist/routes.js"
import { usersRepository } from "./features/users/repository.js"
import { userRoutes } from "./features/users/routes.js"
import { uploadRoutes } from "./features/uploads/routes.js"
import { adminProductRoutes } from "./features/admin-products/routes.js"
import { uploadsService } from "./features/uploads/service.js"
import { authentication } from "./http/authenticate.js"
import { answerBeforeExpress } from "./http/answer-before-express.js"
import { requestLog } from "./http/request-log.js"
import { securityHeaders, withStrictTransport } from "./http/security-headers.js"
import { staticAssets } from "./http/static-assets.js"
import { errorHandler, notFoundHandler, refuseMalformedPath } from "./http/error-handler.js"
import { internalApp } from "./http/internal-app.js"
import type { TrustProxy } from "./http/client-address.js"
import type { Db } from "./lib/db.js"
import type { Logger } from "./lib/logger.js"
import { imageVariants } from "./http/image-variants.js"
import { enqueueJob, jobQueue, type JobQueue } from "./lib/jobs.js"
import { createRazorpayClient } from "./lib/razorpay.js"
import { shiprocketClient } from "./lib/shiprocket.js"
import { RAZORPAY_EMULATOR_PATH, razorpaySettings } from "./lib/razorpay-settings.js"
import { SHIPROCKET_EMULATOR_PATH, shiprocketSettings } from "./lib/shiprocket-settings.js"
import { createMailer, type Mailer } from "./lib/mailer.js"
import { memoryRateLimiter, redisRateLimiter } from "./lib/rate-limit.js"
import { localDiskStorage } from "./lib/storage.js"
import type { Commerce } from "./lib/medusa.js"
import type { Redis } from "./lib/redis.js"

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
}

/** Work the app does beside answering requests; main.ts starts it, tests drive it. */
export type Background = {
  jobs: JobQueue
  /** Account mail (codes, reset links), a queue of its own so a slow Medusa or carrier job never delays a code. */
  mail: JobQueue
  /** Queues a settle for online checkouts unsettled after 15 minutes; answers how many. */
  reconcilePayments(): Promise<number>
  /** Marks the posts liked unusually often in the last 24 hours; answers how many trend. */
  refreshTrending(): Promise<number>
}

/**
 * The BFF as Node serves it (`http.createServer(app)`): the early reads, then Express; and its background work.
 * `internal` is the listener for commerce alone (`/api/internal/*` and health), served on INTERNAL_HOST:INTERNAL_PORT;
 * the public listener answers 404 there.
 */
export type ShopApp = RequestListener & { background: Background; internal: RequestListener }

/** Serves a built single-page app under a base path, falling back to its index.html for client routes. */
function mountSpa(app: Express, base: string, dist: string) {
  const index = path.join(dist, "index.html")
  if (!existsSync(index)) return
  app.use(base, ...staticAssets(dist))
  const pattern = base === "/" ? "/{*path}" : `${base}{/*path}`
  app.get(pattern, (_req, res) => {
    res.set("Cache-Control", "no-cache").sendFile(index)
  })
}

export function createCatalogCache(config: Config, redis: Redis | undefined): CatalogCache {
  if (config.CATALOG_CACHE === "off") return noCatalogCache
  return redis ? redisCatalogCache(redis, config.REDIS_KEY_PREFIX) : memoryCatalogCache()
}

/** The whole HTTP app without a server, so tests start it on port 0 (or hand it to supertest). */
export function createApp({ config, logger, db, redis, commerce, mailer, catalogSync, catalogCache }: AppDeps): ShopApp {
  const cache = catalogCache ?? createCatalogCache(config, redis)
  const sync = catalogSync ?? createCatalogSync({ db, commerce, logger, onChange: cache.invalidate })
  const production = config.NODE_ENV === "production"
  // The dev outbox and the emulators' test hooks: an explicit development/test mode on loopback (config.ts refuses the rest).
  const devTools = developmentTools(config)
  const razorpay = razorpaySettings(config)
  const shiprocket = shiprocketSettings(config)
  const users = usersRepository(db)
  const uploads = uploadsService({ db, storage: localDiskStorage(config.MEDIA_DIR), publicUrl: config.PUBLIC_URL })
  const authn = authentication(db, config.AUTH_TOKEN_SECRET)
  const limiter = redis ? redisRateLimiter(redis, config.REDIS_KEY_PREFIX) : memoryRateLimiter()
  const codes = verificationCodes(db, config.AUTH_TOKEN_SECRET)
  const identity = medusaIdentity(commerce)
  const signups = unverifiedSignups({ db, identity, logger })
  const outgoingMail = mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, logger })
  const authMail = authMailJobs({
    db,
    users,
    codes,
    identity,
    signups,
    mailer: outgoingMail,
    logger,
    publicUrl: config.PUBLIC_URL,
    onEnqueued: () => mailJobs.kick(),
  })
  const mailJobs = jobQueue({ db, logger, pollMs: config.JOB_POLL_MS, handlers: authMail.handlers })
  const sessions = sessionStore(db, config.AUTH_TOKEN_SECRET, authn.forgetTrustedSessions, staffSessionCheck(medusaStaff(commerce), users, logger))
  const auth = authService({
    db,
    users,
    sessions,
    codes,
    identity,
    mail: authMail,
    signups,
    logger,
  })

  const bag = bagService({ db })
  const addresses = addressService(users, addressesRepository(commerce))
  const razorpayClient = createRazorpayClient({ keyId: razorpay.keyId, keySecret: razorpay.keySecret, apiUrl: razorpay.apiUrl })
  const shiprocketApi = shiprocketClient({
    apiUrl: shiprocket.apiUrl,
    email: shiprocket.email,
    password: shiprocket.password,
    trackingBaseUrl: shiprocket.trackingBaseUrl,
  })
  // Jobs are queued in the same transaction as the work that needs them; kicking only saves the poll wait.
  const kickJobs = () => jobs.kick()
  const liveTestAllowed = config.ALLOW_LIVE_TEST_PAYMENTS === "1"
  const medusaCheckout = commerceCheckout(commerce)
  const referrals = referralEarnings({ sharePercent: config.REFERRAL_SHARE_PERCENT, returnWindowDays: config.RETURN_WINDOW_DAYS })
  const placement = checkoutPlacement({ db, commerce: medusaCheckout, bag, logger, onPlaced: kickJobs, creditReferrals: referrals.creditOrderById })
  const settlement = razorpaySettlement({ db, razorpay: razorpayClient, placement, logger, onEnqueued: kickJobs })
  const checkout = checkoutService({
    db,
    users,
    razorpay: razorpayClient,
    keySecret: razorpay.keySecret,
    preparation: checkoutPreparation({ db, bag, users, addresses, commerce: medusaCheckout, liveTestAllowed, holdMinutes: config.STOCK_HOLD_MINUTES }),
    placement,
    commerce: medusaCheckout,
    settlement,
    logger,
    liveTestAllowed,
    onEnqueued: kickJobs,
  })
  const jobs = jobQueue({
    db,
    logger,
    pollMs: config.JOB_POLL_MS,
    handlers: {
      [SETTLE_JOB]: settlement.settleJob,
      [REFUND_JOB]: settlement.refundJob,
      [COD_CHECK_JOB]: checkout.confirmCashOnDeliveryJob,
      [MEDUSA_SHIPMENT_JOB]: medusaShipmentJob({ db, commerce }),
      [DISPATCH_JOB]: dispatchJob({ db, shiprocket: shiprocketApi, pickupLocation: config.SHIPROCKET_PICKUP_LOCATION, logger }),
      [EXPIRE_SIGNUP_JOB]: signups.expireJob,
      [REMOVE_CUSTOMER_JOB]: signups.removeCustomerJob,
    },
  })

  const app = express()
  app.disable("x-powered-by")
  app.set("trust proxy", config.TRUST_PROXY)
  app.set("query parser", "simple")
  app.use(requestLog(logger, (path) => path === "/api/health"))
  // The headers first, so every answer carries them, a malformed path's 400 included.
  app.use(securityHeaders({ razorpayCheckout: !razorpay.emulated, mediaOrigin: new URL(config.PUBLIC_URL).origin }))
  app.use(refuseMalformedPath)
  const catalog = createCatalogService(db, cache)
  // The catalogue's reads are answered before Express dispatches (see the end), gzipped from their cache.
  // Other answers (JSON, HTML) are compressed for browsers that ask; the build's assets come precompressed.
  app.use(compression({ threshold: 1024 }))
  // Razorpay signs the raw bytes, so its webhook is read before any JSON parser touches the body.
  app.use(
    "/api",
    razorpayWebhookRoute({
      webhookSecret: razorpay.webhookSecret,
      settleLater: async (orderId) => {
        await enqueueJob(db, SETTLE_JOB, orderId)
        kickJobs()
      },
      logger,
    }),
  )

  const api = express.Router()
  // A post's photo may come inline (a data URL of up to 10 MB): that one body is read by its route, after
  // sign-in and the posting limit, so nobody can make the server parse megabytes before being checked.
  const smallJson = express.json({ limit: "100kb" })
  api.use((req, res, next) => (carriesInlinePhoto(req) ? next() : smallJson(req, res, next)))
  api.use(cookieParser())
  const health = healthRoutes({ db, redis, commerce, catalogReady: sync.isReady })
  api.use(health)
  // Commerce's calls come to the internal listener (below); on the public port they don't exist.
  api.use("/internal", notFoundHandler)
  // Proof of an earlier sign-in on this browser, which per-account limits spare (features/auth/device-cookie.ts).
  const devices = deviceCookies(config.AUTH_TOKEN_SECRET, production)
  api.use(
    authRoutes({
      auth,
      authentication: authn,
      limiter,
      secureCookies: production,
      trustedOrigins: [config.PUBLIC_URL, ...config.TRUSTED_ORIGINS],
      perIpLimit: config.AUTH_RATE_LIMIT_PER_IP,
      devices,
    }),
  )
  api.use(userRoutes({ users, authentication: authn, uploads, limiter }))
  api.use(uploadRoutes({ uploads, authentication: authn, limiter }))
  api.use(cartRoutes({ bag, authentication: authn }))
  api.use(wishlistRoutes({ wishlist: wishlistRepository(db), authentication: authn }))
  api.use(addressRoutes({ addresses, authentication: authn, limiter }))
  api.use(walletRoutes({ db, authentication: authn }))
  api.use(checkoutRoutes({ checkout, authentication: authn, razorpay, limiter }))
  const orders = orderRoutes({
    db,
    authentication: authn,
    internalSecret: config.INTERNAL_API_SECRET,
    cancel: orderCancellation({ db, logger, onEnqueued: kickJobs, alsoUndo: referrals.undoOrder }),
  })
  api.use(orders)
  api.use(
    fulfillmentRoutes({
      db,
      authentication: authn,
      limiter,
      webhookToken: shiprocket.webhookToken,
      logger,
      onEnqueued: kickJobs,
      creditReferrals: referrals.creditOrderById,
      undoReferrals: referrals.undoOrder,
    }),
  )
  api.use(fitfeedRoutes({ db, authentication: authn, limiter, uploads, addressLimitScale: config.FITFEED_ADDRESS_LIMIT_SCALE }))
  api.use(referralRoutes({ db }))
  api.use(adminProductRoutes({ commerce, refreshCatalog: sync.refresh, logger, authentication: authn }))
  api.use(adminAnalyticsRoutes({ db, commerce, authentication: authn }))
  api.use(staffAuthRoutes({ auth, users, commerce, limiter, secureCookies: production, perIpLimit: config.AUTH_RATE_LIMIT_PER_IP, devices }))
  api.use(adminFitfeedRoutes({ db, authentication: authn }))
  if (devTools && !config.SMTP_URL) api.use(devOutboxRoutes(db))
  api.use(notFoundHandler)
  app.use("/api", api)

  app.use("/media", imageVariants(config.MEDIA_DIR))
  app.use("/media", express.static(config.MEDIA_DIR, { maxAge: "7d", fallthrough: true, dotfiles: "deny" }))
  app.use("/media", notFoundHandler)

  // Local stand-ins for Razorpay and Shiprocket when no real keys are configured (never in production).
  if (devTools && razorpay.emulated) {
    app.use(
      RAZORPAY_EMULATOR_PATH,
      razorpayEmulator({
        keyId: razorpay.keyId,
        keySecret: razorpay.keySecret,
        webhookSecret: razorpay.webhookSecret,
        webhookUrl: razorpay.emulatorWebhookUrl,
        db,
        logger,
      }),
    )
  }
  if (devTools && shiprocket.emulated) {
    app.use(
      SHIPROCKET_EMULATOR_PATH,
      shiprocketEmulator({
        email: shiprocket.email,
        password: shiprocket.password,
        db,
        // Configured, never the caller's Host header: the hook sends the webhook token there.
        webhookUrl: new URL("/api/fulfillment/tracking-webhook", config.PUBLIC_URL).href,
        webhookToken: shiprocket.webhookToken,
      }),
    )
  }

  mountSpa(app, "/admin", config.ADMIN_DIST)
  if (existsSync(path.join(config.STOREFRONT_DIST, "index.html"))) {
    app.use(storefrontPageRoutes({ catalog, storefrontDist: config.STOREFRONT_DIST, publicUrl: config.PUBLIC_URL, logger }))
  }
  mountSpa(app, "/", config.STOREFRONT_DIST)
  app.use(notFoundHandler)
  app.use(errorHandler(logger))
  const visits = referralVisits({ db, tokenSecret: config.AUTH_TOKEN_SECRET, trust: app.get("trust proxy fn") as TrustProxy, logger })
  // Answered before Express: the catalogue's listing and product reads (GET /api/products…) and the feed (GET /api/fitfeed/feed).
  const early = [catalogReads(catalog, logger, visits.onProductRead), feedRead({ db, authentication: authn, logger })]
  const background = { jobs, mail: mailJobs, reconcilePayments: settlement.reconcile, refreshTrending: () => refreshTrending(db) }
  return Object.assign(withStrictTransport(answerBeforeExpress(early, app), production), {
    background,
    internal: internalApp({
      health,
      routes: [
        catalogInternalRoutes(sync, config.INTERNAL_API_SECRET),
        orders,
        staffInternalRoutes({ users, sessions, internalSecret: config.INTERNAL_API_SECRET }),
      ],
      logger,
    }),
  })
}
