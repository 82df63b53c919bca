import { serviceabilityQuery, type Serviceability } from "@fitshop/contracts"
import { Router } from "express"
import { addressKey } from "../../http/client-address.js"
import { serviceUnavailable } from "../../http/errors.js"
import { rateLimit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { secondsToIndiaMidnight } from "../../lib/india-time.js"
import { PAUSE_AFTER_FAILURE_MS, type DeliveryPromises } from "./delivery-promises.js"

const NO_PROMISE = "We can't check delivery to this pincode right now, so we won't promise a date. Please try again in a minute."

/**
 * Each address may ask 600 times in 15 minutes: a campus or an office behind one address browsing product pages,
 * while walking India's ~19,000 pincodes to fill the cache (and spend Shiprocket calls) takes a scraper hours.
 */
const ASKS_PER_ADDRESS = 600
const FIFTEEN_MINUTES = 15 * 60_000
/** Browsers may keep an answer this long, never past India's midnight (when every date moves on). */
const BROWSER_KEEPS_SECONDS = 600

export function serviceabilityRoutes({ promises, limiter }: { promises: DeliveryPromises; limiter: RateLimiter }): Router {
  const router = Router()
  const perAddress = rateLimit(limiter, [{ name: "serviceability-ip", limit: ASKS_PER_ADDRESS, windowMs: FIFTEEN_MINUTES, key: (req) => addressKey(req.ip) }])

  router.get(
    "/serviceability",
    perAddress,
    validated({ query: serviceabilityQuery }, async (_req, res, { query }) => {
      const answer = await promises.check(query.pincode)
      // No answer from Shiprocket is no promise: a guessed date or a guessed "cash on delivery" would be a wrong one.
      if (!answer) throw serviceUnavailable(NO_PROMISE, Math.ceil(PAUSE_AFTER_FAILURE_MS / 1000))
      res.set("Cache-Control", `public, max-age=${Math.min(BROWSER_KEEPS_SECONDS, secondsToIndiaMidnight(Date.now()))}`)
      res.json(answer satisfies Serviceability)
    }),
  )

  return router
}
