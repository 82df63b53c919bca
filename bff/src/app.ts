import { developmentTools } from "./config.js"
import { accountDataModule } from "./features/account-data/index.js"
import { addressesModule } from "./features/addresses/index.js"
import { adminAnalyticsModule } from "./features/admin-analytics/index.js"
import { adminFitfeedModule } from "./features/admin-fitfeed/index.js"
import { adminJobsModule } from "./features/admin-jobs/index.js"
import { adminProductsModule } from "./features/admin-products/index.js"
import { adminReturnsModule } from "./features/admin-returns/index.js"
import { authModule } from "./features/auth/index.js"
import { cartModule } from "./features/cart/index.js"
import { catalogModule, catalogSync as createCatalogSync, createCatalogCache, type CatalogCache, type CatalogSync } from "./features/catalog/index.js"
import { checkoutModule } from "./features/checkout/index.js"
import { devModule } from "./features/dev/index.js"
import { fitfeedModule } from "./features/fitfeed/index.js"
import { fulfillmentModule } from "./features/fulfillment/index.js"
import { healthModule } from "./features/health/index.js"
import { invoicesModule } from "./features/invoices/index.js"
import { legalModule } from "./features/legal/index.js"
import { orderMessagesModule } from "./features/order-messages/index.js"
import { ordersModule } from "./features/orders/index.js"
import { referralsModule } from "./features/referrals/index.js"
import { returnsModule } from "./features/returns/index.js"
import { reviewsModule } from "./features/reviews/index.js"
import { searchModule } from "./features/search/index.js"
import { readStorefrontIndex, seoModule } from "./features/seo/index.js"
import { serviceabilityModule } from "./features/serviceability/index.js"
import { medusaStaffCheck, staffAuthModule } from "./features/staff-auth/index.js"
import { uploadsModule } from "./features/uploads/index.js"
import { usersModule } from "./features/users/index.js"
import { walletModule } from "./features/wallet/index.js"
import { wishlistModule } from "./features/wishlist/index.js"
import { authentication } from "./http/authenticate.js"
import type { FeatureModule, SharedDeps } from "./http/feature-module.js"
import { expressApp, shopListeners, trustOf, type ExtraRoutes, type ShopApp } from "./http/shop-http.js"
import { backgroundOf } from "./http/background.js"
import { createMailer, type Mailer } from "./lib/mailer.js"
import { eventBus } from "./lib/event-bus.js"
import { partnerClients } from "./lib/partner-clients.js"
import { insuredRateLimiter, memoryRateLimiter, redisRateLimiter } from "./lib/rate-limit.js"
import type { Redis } from "./lib/redis.js"

export { createCatalogCache } from "./features/catalog/index.js"
export type { Background } from "./http/background.js"
export type { ExtraRoutes, ShopApp } from "./http/shop-http.js"

export type AppDeps = Pick<SharedDeps, "config" | "logger" | "db" | "commerce"> & {
  redis?: Redis | undefined
  /** Defaults to SMTP or the dev outbox, as configured. */
  mailer?: Mailer
  /** The read model's sync, shared with the process's periodic reconcile. */
  catalogSync?: CatalogSync
  /** Shared with catalogSync, which empties it on every change. */
  catalogCache?: CatalogCache
  /** Routes of the caller's, mounted after /media: the dev entry's emulators (emulators/src/main.ts); main.ts has none. */
  extraRoutes?: ExtraRoutes
}

/** The whole HTTP app without a server, so tests start it on port 0 (or hand it to supertest): the shared clients, then the modules in mounting order. */
export function createApp({ config, logger, db, redis, commerce, mailer, catalogSync, catalogCache, extraRoutes }: AppDeps): ShopApp {
  const cache = catalogCache ?? createCatalogCache(config, redis, logger)
  const sync = catalogSync ?? createCatalogSync({ db, commerce, logger, onChange: cache.invalidate })
  const { razorpay, razorpayClient, shiprocket, shiprocketClient: shiprocketApi } = partnerClients(config)
  // Redis counts for every replica; when it fails or is slow, each process counts on its own until it is back.
  const limiter = redis ? insuredRateLimiter(redisRateLimiter(redis, config.REDIS_KEY_PREFIX), memoryRateLimiter(), logger) : memoryRateLimiter()
  const events = eventBus()
  const shared: SharedDeps = { config, db, commerce, logger, authentication: authentication(db, config.AUTH_TOKEN_SECRET), limiter, events }
  const app = expressApp(config)
  const storefrontIndex = readStorefrontIndex(config.STOREFRONT_DIST)

  const health = healthModule({ ...shared, redis, catalogReady: sync.isReady })
  const uploads = uploadsModule(shared)
  const users = usersModule({ ...shared, uploads: uploads.service })
  const mail = mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, logger })
  const auth = authModule({ ...shared, users: users.repository, mailer: mail, staffCheck: medusaStaffCheck({ ...shared, users: users.repository }) })
  const catalog = catalogModule({ ...shared, cache, sync })
  const search = searchModule({ ...shared, catalog: catalog.service, cache })
  const cart = cartModule(shared)
  const addresses = addressesModule({ ...shared, users: users.repository })
  const legal = legalModule(shared)
  // In mounting order: where two modules' routes share a path, the first answers; listeners hear in this order too.
  const modules: FeatureModule[] = [
    health,
    catalog,
    search,
    auth,
    users,
    uploads,
    cart,
    wishlistModule(shared),
    addresses,
    walletModule(shared),
    accountDataModule({ ...shared, users: users.repository, sessions: auth.sessions, identity: auth.identity, addresses: addresses.service }),
    serviceabilityModule({ ...shared, shiprocketClient: shiprocketApi, pickupPincode: shiprocket.pickupPincode }),
    checkoutModule({ ...shared, razorpay, razorpayClient, users: users.repository, bag: cart.bag, addresses: addresses.service }),
    ordersModule(shared),
    returnsModule({ ...shared, addresses: addresses.service, razorpayClient, shiprocketClient: shiprocketApi }),
    invoicesModule(shared),
    legal,
    orderMessagesModule({ ...shared, mailer: mail }),
    fulfillmentModule({ ...shared, shiprocket, shiprocketClient: shiprocketApi }),
    fitfeedModule({ ...shared, uploads: uploads.service }),
    reviewsModule({ ...shared, uploads: uploads.service }),
    referralsModule({ ...shared, trust: trustOf(app) }),
    adminProductsModule({ ...shared, refreshCatalog: sync.refresh }),
    adminAnalyticsModule(shared),
    staffAuthModule({ ...shared, users: users.repository, auth }),
    adminFitfeedModule(shared),
    adminJobsModule(shared),
    adminReturnsModule(shared),
    devModule({ ...shared, outbox: developmentTools(config) && !config.SMTP_URL }),
    seoModule({ ...shared, catalog: catalog.service, cache, search: search.service, storefrontIndex, legal: legal.info }),
  ]
  events.hear(modules)

  const listeners = shopListeners(app, {
    config,
    logger,
    db,
    modules,
    health: health.routes,
    media: uploads.media,
    extraRoutes: extraRoutes?.({ config, db, logger }) ?? [],
    razorpayCheckout: !razorpay.emulated,
    inlineSources: storefrontIndex?.inlineSources,
  })
  const background = backgroundOf(modules, { db, logger, pollMs: config.JOB_POLL_MS })
  return Object.assign(listeners.public, { background, internal: listeners.internal })
}
