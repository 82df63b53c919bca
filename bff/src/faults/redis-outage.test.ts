import { performance } from "node:perf_hooks"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest"
import type { ListedProduct } from "@fitshop/contracts"
import { signedUpUser } from "../../test/accounts.js"
import { createTestApp } from "../../test/app.js"
import { isSeeded } from "../../test/catalog.js"
import { targetOf, tcpHop, throughHop, type TcpHop } from "../../test/tcp-hop.js"
import { REDIS_PAUSE_MS, REDIS_TIMEOUT_MS } from "../features/catalog/cache.js"
import { listProductsQuery } from "../features/catalog/schema.js"
import { createCatalogService } from "../features/catalog/service.js"
import { reviewSummary } from "../features/reviews/index.js"
import { createRedis, type Redis } from "../lib/redis.js"

/** A cached answer is trusted this long without asking Redis (VERSION_RECHECK_MS in cache.ts), so the outage shows after it. */
const LOCAL_COPY_MS = 1000
/** The Redis timeout plus PostgreSQL's answer on a loaded machine: far under one round trip through the hanging hop (2 × 5 s). */
const ANSWERED_WITHIN_MS = REDIS_TIMEOUT_MS + 1300

let hop: TcpHop
let ctx: Awaited<ReturnType<typeof createTestApp>>
/** Straight to Redis, around the hop: what the app stored. */
let redis: Redis
/** The answers as PostgreSQL gives them now, without any cache. */
let fromPostgres: ReturnType<typeof createCatalogService>
let shopper: Awaited<ReturnType<typeof signedUpUser>>
/** What shoppers read while Redis is cut, and (never read before, so never cached) while it hangs. */
let reads: Read[]
let hangReads: Read[]

/** One of the storefront's reads, and its answer straight from PostgreSQL. */
type Read = { path: string; truth: () => Promise<string> }

const LISTINGS: Record<string, string>[] = [
  { gender: "WOMEN", sort: "price_asc", limit: "24" },
  { gender: "MEN", categoryType: "LOWERS", sort: "newest", limit: "24" },
  { sort: "price_desc", limit: "24", offset: "24" },
  { gender: "WOMEN", sort: "newest", limit: "8" },
]
const HANG_LISTINGS: Record<string, string>[] = [
  { gender: "WOMEN", sort: "price_desc", limit: "24" },
  { gender: "MEN", sort: "price_asc", limit: "8" },
]

function listingRead(query: Record<string, string>): Read {
  return {
    path: `/api/products?${new URLSearchParams(query)}`,
    truth: async () => (await fromPostgres.listProducts(listProductsQuery.parse(query))).body.toString(),
  }
}

function productRead(id: string): Read {
  return { path: `/api/products/${id}`, truth: async () => (await fromPostgres.productPage(id)).body.toString() }
}

beforeAll(async () => {
  hop = await tcpHop(targetOf(inject("redisUrl"), 6379))
  ctx = await createTestApp({ REDIS_URL: throughHop(inject("redisUrl"), hop) })
  redis = createRedis(inject("redisUrl"))
  fromPostgres = createCatalogService(ctx.db, (productId) => reviewSummary(ctx.db, productId))
  shopper = await signedUpUser(ctx.app, "redis-out")
  const women = await request(ctx.app).get("/api/products").query(LISTINGS[0]!)
  const ids = (women.body.products as ListedProduct[])
    .filter(isSeeded)
    .slice(0, 10)
    .map((product) => product.id)
  expect(ids).toHaveLength(10)
  reads = [...LISTINGS.map(listingRead), ...ids.slice(0, 6).map(productRead)]
  hangReads = [...HANG_LISTINGS.map(listingRead), ...ids.slice(6).map(productRead)]
}, 60_000)

afterAll(async () => {
  await ctx.close()
  await hop.close()
  redis.disconnect()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Outcome = { path: string; status: number; body: string; checked?: { before: string; after: string } }

/**
 * Shoppers reading listings and product pages until stopped. A read made while Redis is out (past the local copies'
 * second) must be PostgreSQL's answer as it was just before or just after it.
 */
function traffic(shoppers: number, outageSince: () => number | undefined) {
  const outcomes: Outcome[] = []
  let stopped = false
  const shop = async (start: number) => {
    for (let i = start; !stopped; i++) {
      const read = reads[i % reads.length]!
      const since = outageSince()
      const checked = since !== undefined && Date.now() >= since + LOCAL_COPY_MS
      const before = checked ? await read.truth() : ""
      const response = await request(ctx.app).get(read.path)
      const outcome: Outcome = { path: read.path, status: response.status, body: response.text }
      if (checked && outageSince() !== undefined) outcome.checked = { before, after: await read.truth() }
      outcomes.push(outcome)
    }
  }
  const running = Promise.all(Array.from({ length: shoppers }, (_, n) => shop(n * 3)))
  return {
    outcomes,
    stop: async () => {
      stopped = true
      await running
      return outcomes
    },
  }
}

/** The catalogue answers the app has stored in Redis under its current version. */
async function storedAnswers(): Promise<string[]> {
  const prefix = ctx.config.REDIS_KEY_PREFIX
  const version = (await redis.get(`${prefix}catalog:version`)) ?? "0"
  const keys = await redis.keys(`${prefix}catalog:${version}:*`)
  return keys.map((key) => key.slice(`${prefix}catalog:${version}:`.length))
}

/** Asks for each of `these` until Redis holds an answer for every one of them (one key each) besides the `earlier` ones. */
async function cachedAgain(these: Read[], earlier: string[] = []) {
  await vi.waitFor(
    async () => {
      for (const read of these) expect((await request(ctx.app).get(read.path)).status).toBe(200)
      expect((await storedAnswers()).filter((key) => !earlier.includes(key))).toHaveLength(these.length)
    },
    { timeout: REDIS_PAUSE_MS * 4, interval: 500 },
  )
}

async function signIn() {
  const started = performance.now()
  const login = await request(ctx.app).post("/api/auth/login").send({ email: shopper.email, password: shopper.password })
  expect(login.status).toBe(200)
  const me = await request(ctx.app)
    .get("/api/auth/me")
    .set("Authorization", `Bearer ${login.body.accessToken as string}`)
  expect(me.status).toBe(200)
  expect(me.body.user.email).toBe(shopper.email)
  return performance.now() - started
}

describe("Redis cut or hanging", () => {
  it("keeps answering listings and product pages from PostgreSQL and signing in while Redis is cut, and caches again once it is back", async () => {
    await cachedAgain(reads)
    const [changed] = reads.filter((read) => read.path.startsWith("/api/products/"))
    const changedId = changed!.path.split("/").pop()!
    let outageSince: number | undefined
    const shoppers = traffic(6, () => outageSince)
    await sleep(300)

    await hop.cut()
    outageSince = Date.now()
    await sleep(LOCAL_COPY_MS + 500)
    await signIn()
    // A catalogue change while Redis is out: the answer stored before it must not come back with Redis.
    const description = `Changed while Redis was out ${Date.now()}`
    try {
      await ctx.db.query(`update bff.catalog_documents set document = jsonb_set(document::jsonb, '{description}', to_jsonb($2::text))::json where id = $1`, [
        changedId,
        description,
      ])
      await expect(ctx.cache.invalidate()).resolves.toBeUndefined()
      await sleep(2000)

      await hop.restore()
      outageSince = undefined
      // The change bumped the version, so every answer is stored anew.
      await cachedAgain(reads)
      const outcomes = await shoppers.stop()

      expect(outcomes.filter(({ status }) => status !== 200).map(({ path, status, body }) => ({ path, status, body: body.slice(0, 200) }))).toEqual([])
      const checked = outcomes.filter((outcome) => outcome.checked)
      expect(checked.length).toBeGreaterThanOrEqual(20)
      for (const { path, body, checked: truth } of checked) expect([truth!.before, truth!.after], path).toContain(body)
      const page = await request(ctx.app).get(`/api/products/${changedId}`)
      expect(page.body.product.description).toBe(description)
    } finally {
      await shoppers.stop()
      // Medusa's copy puts the read model (and the cache) back as they were.
      await request(ctx.app.internal)
        .post("/api/internal/catalog/changed")
        .set("x-internal-secret", ctx.config.INTERNAL_API_SECRET)
        .send({ productIds: [changedId] })
    }
  }, 90_000)

  it("answers within the timeout from PostgreSQL while Redis hangs, and caches again once it answers", async () => {
    const earlier = await storedAnswers()
    hop.delay(5000)
    try {
      // Past the local copies' second, so the app asks Redis first.
      await sleep(LOCAL_COPY_MS + 100)
      for (const read of hangReads) {
        const started = performance.now()
        const response = await request(ctx.app)
          .get(read.path)
          .timeout(ANSWERED_WITHIN_MS * 2)
        const took = performance.now() - started
        expect(response.status, read.path).toBe(200)
        expect(response.text, read.path).toBe(await read.truth())
        expect(took, read.path).toBeLessThan(ANSWERED_WITHIN_MS)
      }
      expect(await signIn()).toBeLessThan(2 * ANSWERED_WITHIN_MS)
    } finally {
      hop.delay(0)
    }
    // Nothing was stored while Redis hung.
    expect((await storedAnswers()).sort()).toEqual(earlier.sort())
    await cachedAgain(hangReads, earlier)
  }, 90_000)
})
