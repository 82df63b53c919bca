import type { Request } from "express"
import type { RateLimiter } from "../lib/rate-limit.js"
import { tooManyRequests } from "./errors.js"

export type Limit = { name: string; limit: number; windowMs: number; key: (req: Request) => string | undefined }

/** Counts one attempt against each limit; the first one exceeded answers 429 with Retry-After. */
export async function enforceLimits(limiter: RateLimiter, req: Request, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const key = limit.key(req)
    if (!key) continue
    const result = await limiter.hit(`${limit.name}:${key}`, limit.limit, limit.windowMs)
    if (!result.allowed) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60)
      throw tooManyRequests(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, result.retryAfterSeconds)
    }
  }
}
