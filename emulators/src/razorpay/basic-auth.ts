import type { RequestHandler } from "express"
import { sameBytes } from "../../../bff/src/lib/tokens.js"
import { unauthenticated } from "./errors.js"

/** Razorpay's API authentication: HTTP Basic with the key id and key secret; anything else is a 401. */
export function basicAuth(keyId: string, keySecret: string): RequestHandler {
  return (req, _res, next) => {
    const header = req.get("authorization") ?? ""
    const [scheme, encoded] = header.split(" ")
    if (scheme?.toLowerCase() !== "basic" || !encoded) throw unauthenticated("Please provide your api key for authentication purposes.")
    const decoded = Buffer.from(encoded, "base64").toString("utf8")
    const colon = decoded.indexOf(":")
    const id = colon === -1 ? decoded : decoded.slice(0, colon)
    const secret = colon === -1 ? "" : decoded.slice(colon + 1)
    // Both compared, always, so the time taken tells nothing about which one was wrong.
    const idMatches = sameBytes(id, keyId)
    const secretMatches = sameBytes(secret, keySecret)
    if (!idMatches || !secretMatches) throw unauthenticated("The api key provided is invalid")
    next()
  }
}
