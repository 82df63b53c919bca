import type { RequestHandler } from "express"

/** Sent with every answer of the BFF. */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
} as const

export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set(SECURITY_HEADERS)
  next()
}
