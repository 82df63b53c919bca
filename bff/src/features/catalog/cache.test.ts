import { randomBytes } from "node:crypto"
import { performance } from "node:perf_hooks"
import { afterAll, describe, expect, it, vi } from "vitest"
import { inject } from "vitest"
import { capturedLog, LEVEL } from "../../../test/capture-log.js"
import { targetOf, tcpHop, throughHop } from "../../../test/tcp-hop.js"
import { createRedis } from "../../lib/redis.js"
import { memoryCatalogCache, redisCatalogCache, type CachedAnswer, type CatalogCache } from "./cache.js"

const redis = createRedis(inject("redisUrl"))
afterAll(() => redis.disconnect())

const made: CatalogCache[] = []
afterAll(() => made.forEach((cache) => cache.close()))
const track = (cache: CatalogCache) => (made.push(cache), cache)

const caches: [string, () => CatalogCache][] = [
  ["in process", () => memoryCatalogCache()],
  ["in Redis", () => track(redisCatalogCache(redis, `test:${randomBytes(6).toString("hex")}:`))],
]

const text = async (answer: Promise<CachedAnswer>) => (await answer).body.toString()

describe.each(caches)("the catalogue cache %s", (_name, make) => {
  it("answers a repeated key from the cache and computes again after invalidate", async () => {
    const cache = make()
    let computed = 0
    const compute = async () => `{"n":${++computed}}`
    expect(await text(cache.cached("list:a", compute, "listing"))).toBe('{"n":1}')
    expect(await text(cache.cached("list:a", compute, "listing"))).toBe('{"n":1}')
    expect(await text(cache.cached("list:b", compute, "listing"))).toBe('{"n":2}')
    await cache.invalidate()
    expect(await text(cache.cached("list:a", compute, "listing"))).toBe('{"n":3}')
  })

  it("never keeps an answer computed before a change as the answer after it", async () => {
    const cache = make()
    let release!: () => void
    const slow = text(cache.cached("list:race", () => new Promise<string>((resolve) => (release = () => resolve('"stale"'))), "listing"))
    await new Promise((resolve) => setTimeout(resolve, 20))
    await cache.invalidate()
    release()
    expect(await slow).toBe('"stale"')
    expect(await text(cache.cached("list:race", async () => '"fresh"', "listing"))).toBe('"fresh"')
  })
})

describe("the catalogue cache shared by replicas through Redis", () => {
  it("drops every replica's copy when one of them records a change", async () => {
    const prefix = `test:${randomBytes(6).toString("hex")}:`
    const [a, b] = [track(redisCatalogCache(redis, prefix)), track(redisCatalogCache(redis, prefix))]
    let computed = 0
    const compute = async () => `{"n":${++computed}}`
    expect(await text(a.cached("list:x", compute, "listing"))).toBe('{"n":1}')
    expect(await text(b.cached("list:x", compute, "listing"))).toBe('{"n":1}')
    await new Promise((resolve) => setTimeout(resolve, 100))
    await a.invalidate()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await text(b.cached("list:x", compute, "listing"))).toBe('{"n":2}')
    expect(await text(a.cached("list:x", compute, "listing"))).toBe('{"n":2}')
  })

  it("gives the same answer the same ETag", async () => {
    const cache = memoryCatalogCache()
    const first = await cache.cached("k", async () => '{"a":1}', "product")
    await cache.invalidate()
    const second = await cache.cached("k", async () => '{"a":1}', "product")
    expect(first.etag).toMatch(/^W\/"/)
    expect(second.etag).toBe(first.etag)
  })
})

describe("the catalogue cache when Redis fails", () => {
  const TIMEOUT_MS = 100
  const PAUSE_MS = 300
  /** The timeout and a loaded machine's scheduling; today's cache waits out ioredis's retries (700 ms or more) or the hang. */
  const ANSWERED_WITHIN_MS = 600
  const closing: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const close of closing) await close()
  })

  /** A cache whose Redis connection goes through a hop the test cuts or slows, logging what it says. */
  async function cacheThroughHop() {
    const hop = await tcpHop(targetOf(inject("redisUrl"), 6379))
    const client = createRedis(throughHop(inject("redisUrl"), hop))
    client.on("error", () => undefined)
    const log = capturedLog("info")
    const prefix = `test:${randomBytes(6).toString("hex")}:`
    const cache = redisCatalogCache(client, prefix, { timeoutMs: TIMEOUT_MS, pauseMs: PAUSE_MS, logger: log.logger })
    closing.push(async () => {
      cache.close()
      client.disconnect()
      await hop.close()
    })
    let computed = 0
    const compute = async () => `{"n":${++computed}}`
    const timed = async (key: string) => {
      const start = performance.now()
      const answer = await text(cache.cached(key, compute, "listing"))
      return { answer, ms: performance.now() - start }
    }
    return { hop, cache, log, timed, prefix }
  }

  it("computes every answer while Redis is cut, and stores them again once it is back", async () => {
    const { hop, log, timed } = await cacheThroughHop()
    expect((await timed("list:kept")).answer).toBe('{"n":1}')
    await hop.cut()
    // Never stored before the cut, so neither Redis nor this process's copies can answer it.
    const during = [await timed("list:new"), await timed("list:new"), await timed("list:new")]
    expect(during.map(({ answer }) => answer)).toEqual(['{"n":2}', '{"n":3}', '{"n":4}'])
    for (const { ms } of during) expect(ms).toBeLessThan(ANSWERED_WITHIN_MS)
    await hop.restore()
    await vi.waitFor(async () => expect((await timed("list:back")).answer).toBe((await timed("list:back")).answer), { timeout: 10_000, interval: PAUSE_MS })
    expect(log.at(LEVEL.warn).map((line) => line.msg)).toEqual(["catalogue answers come from PostgreSQL, uncached: Redis failed or was slow"])
    expect(log.at(LEVEL.info).map((line) => line.msg)).toEqual(["catalogue answers are cached in Redis again"])
  })

  it("answers within the timeout while Redis hangs", async () => {
    const { hop, timed } = await cacheThroughHop()
    hop.delay(5000)
    const hanging = [await timed("list:a"), await timed("list:b")]
    expect(hanging.map(({ answer }) => answer)).toEqual(['{"n":1}', '{"n":2}'])
    for (const { ms } of hanging) expect(ms).toBeLessThan(ANSWERED_WITHIN_MS)
    hop.delay(0)
  })

  it("records a change made while Redis is out once it is back, so no answer stored before it is sent again", async () => {
    const { hop, cache, timed, prefix } = await cacheThroughHop()
    expect((await timed("list:changed")).answer).toBe('{"n":1}')
    expect((await timed("list:changed")).answer).toBe('{"n":1}')
    await hop.cut()
    await expect(cache.invalidate()).resolves.toBeUndefined()
    // Longer than ioredis keeps the INCR it was given, so the change is recorded by the cache's own retries.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await hop.restore()
    // No request asks meanwhile.
    await vi.waitFor(async () => expect(Number(await redis.get(`${prefix}catalog:version`))).toBeGreaterThan(0), { timeout: 10_000, interval: PAUSE_MS })
    const answers: string[] = []
    await vi.waitFor(
      async () => {
        answers.push((await timed("list:changed")).answer, (await timed("list:changed")).answer)
        expect(answers.at(-1)).toBe(answers.at(-2))
      },
      { timeout: 10_000, interval: PAUSE_MS },
    )
    expect(answers).not.toContain('{"n":1}')
  })
})
