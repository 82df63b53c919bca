import { randomBytes } from "node:crypto"
import { afterAll, describe, expect, inject, it } from "vitest"
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from "./rate-limit.js"
import { createRedis } from "./redis.js"

const redis = createRedis(inject("redisUrl"))
afterAll(() => redis.disconnect())

const limiters: [string, () => RateLimiter][] = [
  ["in Redis", () => redisRateLimiter(redis, `test:${randomBytes(6).toString("hex")}:`)],
  ["in this process", () => memoryRateLimiter()],
]

describe.each(limiters)("fixed-window counters %s", (_name, make) => {
  it("counts every counter of a request in one call and refuses past each one's own limit", async () => {
    const limiter = make()
    const hits = [
      { key: "user:a", limit: 2, windowMs: 60_000 },
      { key: "ip:1", limit: 3, windowMs: 600_000 },
    ]
    const allowed = async () => (await limiter.hit(hits)).map((result) => result.allowed)
    expect(await allowed()).toEqual([true, true])
    expect(await allowed()).toEqual([true, true])
    expect(await allowed()).toEqual([false, true])
    expect(await allowed()).toEqual([false, false])
    const [user, ip] = await limiter.hit(hits)
    expect(user!.retryAfterSeconds).toBeGreaterThan(50)
    expect(user!.retryAfterSeconds).toBeLessThanOrEqual(60)
    expect(ip!.retryAfterSeconds).toBeGreaterThan(500)
    expect(await limiter.hit([])).toEqual([])
  })
})

it("gives a Redis counter its expiry once, when its window starts", async () => {
  const prefix = `test:${randomBytes(6).toString("hex")}:`
  const limiter = redisRateLimiter(redis, prefix)
  await limiter.hit([{ key: "k", limit: 5, windowMs: 30_000 }])
  const first = await redis.pttl(`${prefix}rl:k`)
  await new Promise((resolve) => setTimeout(resolve, 50))
  await limiter.hit([{ key: "k", limit: 5, windowMs: 30_000 }])
  const second = await redis.pttl(`${prefix}rl:k`)
  expect(first).toBeGreaterThan(29_000)
  expect(second).toBeLessThan(first)
})
