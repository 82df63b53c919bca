import type { Logger } from "./logger.js"
import { optionalRedis, type Redis } from "./redis.js"

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }

/** One counter to bump: its key, how many hits its window allows, and the window's length. */
export type RateLimitHit = { key: string; limit: number; windowMs: number }

/** Counts hits against fixed windows; all of a request's counters are bumped at once. */
export type RateLimiter = { hit(hits: RateLimitHit[]): Promise<RateLimitResult[]> }

/** Fixed-window counters in Redis, shared by every BFF replica: one round trip for a request's counters. */
export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(hits) {
      if (!hits.length) return []
      const names = hits.map((hit) => `${prefix}rl:${hit.key}`)
      const counting = redis.multi()
      for (const name of names) counting.incr(name).pttl(name)
      const replies = (await counting.exec()) as [Error | null, number][]
      const results = hits.map((hit, i) => ({ hit, name: names[i]!, count: replies[2 * i]![1], ttl: replies[2 * i + 1]![1] }))
      // A window starts with its first hit: only then does the key need its expiry (a second round trip, rarely).
      const fresh = results.filter((result) => result.ttl < 0)
      if (fresh.length) {
        const expiring = redis.multi()
        for (const result of fresh) expiring.pexpire(result.name, result.hit.windowMs)
        await expiring.exec()
      }
      return results.map(({ hit, count, ttl }) => ({
        allowed: count <= hit.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((ttl < 0 ? hit.windowMs : ttl) / 1000)),
      }))
    },
  }
}

/** The same counters in this process, for a BFF run without Redis. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    async hit(hits) {
      const time = now()
      const results = hits.map(({ key, limit, windowMs }) => {
        let window = windows.get(key)
        if (!window || window.resetAt <= time) {
          window = { count: 0, resetAt: time + windowMs }
          windows.set(key, window)
        }
        window.count += 1
        return { allowed: window.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)) }
      })
      if (windows.size > 10_000) for (const [name, w] of windows) if (w.resetAt <= time) windows.delete(name)
      return results
    },
  }
}

export type InsuranceOptions = {
  /** How long the shared counters may take before this request is counted by the insurance instead. */
  timeoutMs?: number
  /** After a failure, the shared counters are left alone this long (so an outage doesn't add the timeout to every request). */
  pauseMs?: number
  now?: () => number
}

/**
 * The shared counters with an insurance: when they fail or are slow (Redis gone, restarting, overloaded), the
 * request is counted by this process's own counters instead of failing, so sign-in and every limited route
 * keep working with per-replica limits; the shared counters are tried again after a pause, and used again as
 * soon as they answer. An outage is logged once when it starts and once when it ends.
 */
export function insuredRateLimiter(shared: RateLimiter, insurance: RateLimiter, logger: Logger, options: InsuranceOptions = {}): RateLimiter {
  const { timeoutMs = 250, pauseMs = 5_000, now = Date.now } = options
  const redis = optionalRedis({
    timeoutMs,
    pauseMs,
    now,
    logger,
    messages: {
      outage: "rate limits fall back to this process's counters: Redis failed or was slow",
      recovery: "rate limits are counted in Redis again",
    },
  })
  return {
    async hit(hits) {
      return (await redis.call(() => shared.hit(hits))) ?? insurance.hit(hits)
    },
  }
}
