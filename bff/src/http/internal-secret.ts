import type { RequestHandler } from "express"
import { sameBytes } from "../lib/tokens.js"
import { forbidden } from "./errors.js"

/** Routes under /api/internal answer only commerce/, which sends the shared INTERNAL_API_SECRET. */
export function requireInternalSecret(secret: string): RequestHandler {
  return (req, _res, next) => {
    if (!sameBytes(req.get("x-internal-secret") ?? "", secret)) throw forbidden()
    next()
  }
}
