import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { COLOR_NAMES, FABRICS, GENDERS, GENRES, LISTING_PAGE_SIZES, SEASON_FITS, SLEEVE_TYPES, SORTS } from "@fitshop/contracts"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { createTestApp } from "../../test/app.js"
import { STORED_PER_MINUTE } from "../features/catalog/cache.js"
import { createRedis, type Redis } from "../lib/redis.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let server: Server
let origin: string
let redis: Redis

beforeAll(async () => {
  ctx = await createTestApp()
  server = createServer(ctx.app)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  redis = createRedis(ctx.config.REDIS_URL!)
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  redis.disconnect()
  await ctx.close()
})

/** The shop's first page as the storefront asks for it (shop-query toProductListParams). */
const SHOP_FIRST_PAGE = { active: "true", gender: "MEN", sort: "popular", limit: "24" }

const listing = (params: Record<string, string>) => `/api/products?${new URLSearchParams(params)}`

/**
 * `count` distinct valid listings in the storefront's own shape (its page size, the first page) that
 * differ only in their filters: every combination of gender, sort, colour, fabric, season, sleeve and genre.
 */
function filterCombinations(count: number): Record<string, string>[] {
  const axes: [string, readonly (string | undefined)[]][] = [
    ["gender", [undefined, ...GENDERS]],
    ["sort", SORTS],
    ["colorName", [undefined, ...COLOR_NAMES]],
    ["fabric", [undefined, ...FABRICS]],
    ["seasonFit", [undefined, ...SEASON_FITS]],
    ["sleeveType", [undefined, ...SLEEVE_TYPES]],
    ["genre", [undefined, ...GENRES]],
  ]
  return Array.from({ length: count }, (_, i) => {
    const params: Record<string, string> = { active: "true", limit: "24" }
    let rest = i
    for (const [name, values] of axes) {
      const value = values[rest % values.length]
      rest = Math.floor(rest / values.length)
      if (value !== undefined) params[name] = value
    }
    return params
  })
}

/** `count` distinct valid listings no storefront sends: odd page sizes and offsets. */
function oddPages(count: number): Record<string, string>[] {
  const sizes = [5, 12, 37, 50, 100]
  return Array.from({ length: count }, (_, i) => ({ gender: "MEN", limit: String(sizes[i % sizes.length]), offset: String(i) }))
}

/** GETs every path, `width` at a time, on keep-alive connections; answers their statuses. */
async function getAll(paths: string[], width: number): Promise<number[]> {
  const statuses: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < paths.length) {
        const response = await fetch(`${origin}${paths[next++]!}`)
        await response.arrayBuffer()
        statuses.push(response.status)
      }
    }),
  )
  return statuses
}

/** The catalogue answers this app keeps in Redis (not its version or budget counters). */
async function cachedAnswerKeys(): Promise<string[]> {
  const keys: string[] = []
  let cursor = "0"
  do {
    const [nextCursor, batch] = await redis.scan(cursor, "MATCH", `${ctx.config.REDIS_KEY_PREFIX}catalog:*`, "COUNT", 1000)
    cursor = nextCursor
    keys.push(...batch.filter((key) => /catalog:\d+:/.test(key)))
  } while (cursor !== "0")
  return keys
}

describe("6. no cache amplification", () => {
  it("6. 10,000 distinct listings leave the cache bounded, and the storefront's first page is still served from it", { timeout: 120_000 }, async () => {
    const first = await fetch(`${origin}${listing(SHOP_FIRST_PAGE)}`)
    expect(first.status).toBe(200)
    const etag = first.headers.get("etag")

    const distinct = [...filterCombinations(5_000), ...oddPages(5_000)].map(listing)
    expect(new Set(distinct).size).toBe(10_000)
    // Shoppers keep opening the shop's first page while the listings pour in.
    const paths = distinct.flatMap((path, i) => (i % 100 === 0 ? [listing(SHOP_FIRST_PAGE), path] : [path]))
    const statuses = await getAll(paths, 50)
    expect(statuses.filter((status) => status !== 200)).toEqual([])

    const keys = await cachedAnswerKeys()
    // At most a minute's budget, twice if the run straddled a minute; never one per listing asked.
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.length).toBeLessThanOrEqual(2 * STORED_PER_MINUTE.listing + 1)
    // Only the storefront's page sizes were stored: the odd ones were answered from PostgreSQL.
    const limits = keys.filter((key) => key.includes(":list:")).map((key) => Number(/"limit",(\d+)/.exec(key)?.[1]))
    expect(limits.every((limit) => (Object.values(LISTING_PAGE_SIZES) as number[]).includes(limit))).toBe(true)

    // The shop's first page is still answered from the cache: nothing is computed for it.
    const computed: string[] = []
    const cached = ctx.cache.cached.bind(ctx.cache)
    const spy = vi.spyOn(ctx.cache, "cached").mockImplementation((key, compute, kind) => cached(key, () => (computed.push(key), compute()), kind))
    try {
      const again = await fetch(`${origin}${listing(SHOP_FIRST_PAGE)}`)
      expect(again.status).toBe(200)
      expect(again.headers.get("etag")).toBe(etag)
      expect(spy).toHaveBeenCalled()
      expect(computed).toEqual([])
    } finally {
      spy.mockRestore()
    }
  })

  it("6. a listing outside the storefront's shape is answered from PostgreSQL each time, and invalid input is refused", async () => {
    const odd = listing({ gender: "WOMEN", limit: "23", offset: "7" })
    expect((await fetch(`${origin}${odd}`)).status).toBe(200)
    expect((await cachedAnswerKeys()).some((key) => key.includes('"limit",23'))).toBe(false)
    const refused: Record<string, string>[] = [{ limit: "1000" }, { offset: "-1" }, { colorName: "Purple" }, { sort: "random" }]
    for (const bad of refused) {
      expect((await fetch(`${origin}${listing(bad)}`)).status, JSON.stringify(bad)).toBe(400)
    }
  })
})
