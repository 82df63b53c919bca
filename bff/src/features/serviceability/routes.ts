import { serviceabilityQuery, type Serviceability } from "@fitshop/contracts"
import { Router, type Request } from "express"
import { addressKey } from "../../http/client-address.js"
import { serviceUnavailable, tooManyRequests } from "../../http/errors.js"
import { rateLimit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { secondsToIndiaMidnight } from "../../lib/india-time.js"
import { PAUSE_AFTER_FAILURE_MS, type DeliveryPromises } from "./delivery-promises.js"

const NO_PROMISE = "We can't check delivery to this pincode right now, so we won't promise a date. Please try again in a minute."
const newPincodesSpent = (minutes: number) =>
  `You've checked delivery to many new pincodes in a short while. Pincodes already checked still answer; please try others again in ${minutes} minute${minutes === 1 ? "" : "s"}.`

/**
 * Each address may ask 600 times in 15 minutes: a campus or an office behind one address browsing product pages,
 * while walking India's ~19,000 pincodes to fill the cache (and spend Shiprocket calls) takes a scraper hours.
 */
const ASKS_PER_ADDRESS = 600
const FIFTEEN_MINUTES = 15 * 60_000
/**
 * Each address may make us ask Shiprocket about 30 pincodes an hour that no one asked about lately (a household
 * checks two or three; answers kept, and pincodes India Post doesn't have, cost nothing): walking India's pincodes
 * through Shiprocket takes one address weeks.
 */
const NEW_PINCODES_PER_ADDRESS = 30
const HOUR = 60 * 60_000
/** Browsers may keep an answer this long, never past India's midnight (when every date moves on). */
const BROWSER_KEEPS_SECONDS = 600

export function serviceabilityRoutes({ promises, limiter }: { promises: DeliveryPromises; limiter: RateLimiter }): Router {
  const router = Router()
  const perAddress = rateLimit(limiter, [{ name: "serviceability-ip", limit: ASKS_PER_ADDRESS, windowMs: FIFTEEN_MINUTES, key: (req) => addressKey(req.ip) }])

  /** Counts a pincode that costs a Shiprocket call against the asking address's budget; 429 once it is spent. */
  async function spendNewPincode(req: Request): Promise<void> {
    const address = addressKey(req.ip)
    if (!address) return
    const [counted] = await limiter.hit([{ key: `serviceability-new-pincodes-ip:${address}`, limit: NEW_PINCODES_PER_ADDRESS, windowMs: HOUR }])
    if (counted && !counted.allowed) throw tooManyRequests(newPincodesSpent(Math.ceil(counted.retryAfterSeconds / 60)), counted.retryAfterSeconds)
  }

  router.get(
    "/serviceability",
    perAddress,
    validated({ query: serviceabilityQuery }, async (req, res, { query }) => {
      if (promises.asksShiprocket(query.pincode)) await spendNewPincode(req)
      const answer = await promises.check(query.pincode)
      // No answer from Shiprocket is no promise: a guessed date or a guessed "cash on delivery" would be a wrong one.
      if (!answer) throw serviceUnavailable(NO_PROMISE, Math.ceil(PAUSE_AFTER_FAILURE_MS / 1000))
      res.set("Cache-Control", `public, max-age=${Math.min(BROWSER_KEEPS_SECONDS, secondsToIndiaMidnight(Date.now()))}`)
      res.json(answer satisfies Serviceability)
    }),
  )

  return router
}
