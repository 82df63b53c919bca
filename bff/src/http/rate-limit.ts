import type { Request, RequestHandler } from "express"
import type { RateLimiter } from "../lib/rate-limit.js"
import { tooManyRequests } from "./errors.js"

export type Limit = { name: string; limit: number; windowMs: number; key: (req: Request) => string | undefined }

/** Counts one attempt against each limit (in one go); the first one exceeded answers 429 with Retry-After. */
export async function enforceLimits(limiter: RateLimiter, req: Request, limits: Limit[]): Promise<void> {
  const keyed = limits.flatMap((limit) => {
    const key = limit.key(req)
    return key ? [{ key: `${limit.name}:${key}`, limit: limit.limit, windowMs: limit.windowMs }] : []
  })
  const refused = (await limiter.hit(keyed)).find((result) => !result.allowed)
  if (refused) {
    const minutes = Math.ceil(refused.retryAfterSeconds / 60)
    throw tooManyRequests(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, refused.retryAfterSeconds)
  }
}

/** enforceLimits as a step in a route's line, after authentication so per-user limits know the user. */
export function rateLimit(limiter: RateLimiter, limits: Limit[]): RequestHandler {
  return async (req, _res, next) => {
    await enforceLimits(limiter, req, limits)
    next()
  }
}
