import { Router } from "express"
import { noStore } from "../../../bff/src/http/no-store.js"
import type { Db } from "../../../bff/src/lib/db.js"
import type { Logger } from "../../../bff/src/lib/logger.js"
import { apiRoutes } from "./api-routes.js"
import { checkoutRoutes, checkoutScript } from "./checkout-routes.js"
import { notFoundRoute, razorpayErrorHandler } from "./errors.js"
import { paymentSimulator } from "./payments.js"
import { razorpayStore } from "./store.js"
import { testRoutes } from "./test-routes.js"
import { webhookSender } from "./webhooks.js"

export type RazorpayEmulatorOptions = {
  keyId: string
  keySecret: string
  webhookSecret: string
  /** Where payment.captured, order.paid and payment.failed go; none are sent without one. */
  webhookUrl?: string | undefined
  /** Holds the emulated account (schema `emulator`, created on first use). */
  db: Db
  logger?: Logger | undefined
  /** Waits between webhook retries; tests shorten them. */
  webhookRetryDelaysMs?: number[]
}

/**
 * A local Razorpay for development and tests, mounted at /emulator/razorpay (never in production):
 * the server API under /v1, the checkout script and its modal's calls, test hooks under /test, and
 * webhooks to `webhookUrl`.
 */
export function razorpayEmulator({ keyId, keySecret, webhookSecret, webhookUrl, db, logger, webhookRetryDelaysMs }: RazorpayEmulatorOptions): Router {
  const store = razorpayStore(db)
  const webhooks = webhookSender({ url: webhookUrl, secret: webhookSecret, accountId: "acc_RzpEmulator001", retryDelaysMs: webhookRetryDelaysMs, logger })
  const payments = paymentSimulator({ store, webhooks, keySecret })

  const router = Router()
  router.get("/checkout.js", checkoutScript)
  router.use(noStore, async (_req, _res, next) => {
    await store.ensureSchema()
    next()
  })
  router.use("/v1", apiRoutes({ keyId, keySecret, store }))
  router.use("/checkout", checkoutRoutes({ keyId, payments }))
  router.use("/test", testRoutes(payments))
  router.use(notFoundRoute)
  router.use(razorpayErrorHandler(logger))
  return router
}
