import type { Redis } from "./redis.js"

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }
export type RateLimiter = { hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> }

/** Fixed-window counters in Redis, shared by every BFF replica. */
export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const name = `${prefix}rl:${key}`
      const [[, count], [, ttl]] = (await redis.multi().incr(name).pttl(name).exec()) as [[null, number], [null, number]]
      if (ttl < 0) await redis.pexpire(name, windowMs)
      const retryAfterSeconds = Math.max(1, Math.ceil((ttl < 0 ? windowMs : ttl) / 1000))
      return { allowed: count <= limit, retryAfterSeconds }
    },
  }
}

/** The same counters in this process, for a BFF run without Redis. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    async hit(key, limit, windowMs) {
      const time = now()
      let window = windows.get(key)
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs }
        windows.set(key, window)
      }
      window.count += 1
      if (windows.size > 10_000) for (const [name, w] of windows) if (w.resetAt <= time) windows.delete(name)
      return { allowed: window.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)) }
    },
  }
}
