import type { RequestHandler } from "express"
import { forbidden } from "./errors.js"

/**
 * Cookie routes answer only the shop's own pages: a foreign Origin, or a browser saying the request is
 * cross-site, gets a 403, so no other site can make the browser spend the refresh cookie.
 */
export function sameOriginOnly(trustedOrigins: string[]): RequestHandler {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin))
  return (req, _res, next) => {
    const origin = req.get("origin")
    if (origin && !trusted.has(origin)) throw forbidden("Cross-site requests are not allowed.")
    if (req.get("sec-fetch-site") === "cross-site") throw forbidden("Cross-site requests are not allowed.")
    next()
  }
}
