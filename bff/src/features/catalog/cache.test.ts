import { randomBytes } from "node:crypto"
import { afterAll, describe, expect, it } from "vitest"
import { inject } from "vitest"
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
