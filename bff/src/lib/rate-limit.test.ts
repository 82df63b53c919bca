import { randomBytes } from "node:crypto"
import { afterAll, describe, expect, inject, it } from "vitest"
import { capturedLog, LEVEL } from "../../test/capture-log.js"
import { targetOf, tcpHop, throughHop } from "../../test/tcp-hop.js"
import { insuredRateLimiter, memoryRateLimiter, redisRateLimiter, type RateLimiter } from "./rate-limit.js"
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

describe("the shared counters with their insurance", () => {
  it("keeps counting, and refusing, in this process while Redis is cut, then counts in Redis again by itself", async () => {
    const hop = await tcpHop(targetOf(inject("redisUrl"), 6379))
    const client = createRedis(throughHop(inject("redisUrl"), hop))
    // While cut, the client reports each reconnection attempt; main.ts logs these, the test needn't.
    client.on("error", () => undefined)
    const prefix = `test:${randomBytes(6).toString("hex")}:`
    const log = capturedLog("info")
    const limiter = insuredRateLimiter(redisRateLimiter(client, prefix), memoryRateLimiter(), log.logger, { timeoutMs: 200, pauseMs: 100 })
    const hit = async (key: string) => (await limiter.hit([{ key, limit: 2, windowMs: 60_000 }]))[0]!.allowed
    try {
      expect(await hit("before")).toBe(true)
      expect(await redis.get(`${prefix}rl:before`)).toBe("1")

      await hop.cut()
      // Sign-in and every limited route keep answering: the limit still holds, counted in this process.
      expect([await hit("during"), await hit("during"), await hit("during")]).toEqual([true, true, false])
      expect(await redis.get(`${prefix}rl:during`)).toBeNull()

      await hop.restore()
      await expect.poll(async () => (await hit("after"), await redis.get(`${prefix}rl:after`)), { timeout: 10_000 }).not.toBeNull()
      expect(log.at(LEVEL.warn)).toHaveLength(1)
      expect(log.at(LEVEL.info).map((line) => line.msg)).toEqual(["rate limits are counted in Redis again"])
    } finally {
      client.disconnect()
      await hop.close()
    }
  })

  it("answers from this process within its timeout when Redis hangs, and leaves Redis alone for the pause", async () => {
    let calls = 0
    const hanging: RateLimiter = { hit: () => (calls++, new Promise(() => undefined)) }
    let time = 0
    const log = capturedLog()
    const limiter = insuredRateLimiter(hanging, memoryRateLimiter(), log.logger, { timeoutMs: 50, pauseMs: 1_000, now: () => time })
    const started = performance.now()
    expect((await limiter.hit([{ key: "k", limit: 1, windowMs: 60_000 }]))[0]!.allowed).toBe(true)
    expect(performance.now() - started).toBeLessThan(1_000)
    time = 500
    expect((await limiter.hit([{ key: "k", limit: 1, windowMs: 60_000 }]))[0]!.allowed).toBe(false)
    expect(calls).toBe(1)
    expect(log.at(LEVEL.warn)).toHaveLength(1)
  })
})
