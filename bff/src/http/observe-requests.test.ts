import { randomUUID } from "node:crypto"
import { readFile } from "node:fs/promises"
import type { IncomingMessage } from "node:http"
import type { Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { signedUpUser } from "../../test/accounts.js"
import { createTestApp } from "../../test/app.js"
import { capturedLog } from "../../test/capture-log.js"
import { bearer, payload, startCheckoutApp, type CheckoutApp } from "../../test/checkout.js"
import { ownCatalogue } from "../../test/staff.js"
import { createLogger } from "../lib/logger.js"
import { withRequestContext } from "../lib/request-context.js"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const log = capturedLog("info")
/** Behind a proxy on this machine (TRUST_PROXY loopback): the X-Request-Id a test sends is the proxy's. */
let proxied: CheckoutApp
let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
let product: Product

beforeAll(async () => {
  proxied = await startCheckoutApp({ TRUST_PROXY: "loopback" }, { logger: log.logger })
  catalogue = await ownCatalogue(proxied.app, "Traced tee")
  product = await catalogue.publish(5)
})
afterAll(async () => {
  await catalogue?.remove(proxied.app)
  await proxied?.close()
})

/** The value of one sample in a Prometheus exposition (0 when the series has not been seen yet). */
function sample(exposition: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of exposition.split("\n")) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line)
    if (match?.[1] !== name) continue
    const present = match[2]!.split(",")
    if (wanted.every((label) => present.includes(label))) return Number(match[3])
  }
  return 0
}

const metricsOf = async () => (await request(proxied.app.internal).get("/metrics")).text

describe("request ids", () => {
  it("answers every request, early or through Express, found or not, with an id of its own", async () => {
    // Published without a proxy: nobody's X-Request-Id is taken.
    const ctx = await createTestApp({ TRUST_PROXY: "false" })
    try {
      const answers = await Promise.all([
        request(ctx.app).get("/api/products").query({ limit: "4" }),
        request(ctx.app).get("/api/health/live"),
        request(ctx.app).get("/api/nope"),
        request(ctx.app).get("/api/products").query({ limit: "4" }).set("X-Request-Id", "chosen-by-a-client"),
      ])
      const ids = answers.map((answer) => answer.headers["x-request-id"] as string)
      for (const id of ids) expect(id).toMatch(UUID)
      expect(new Set(ids).size).toBe(ids.length)
    } finally {
      await ctx.close()
    }
  })

  it("takes the trusted proxy's id, and makes its own for one that is malformed", async () => {
    const taken = await request(proxied.app).get("/api/health/live").set("X-Request-Id", "caddy-5f1e2d3c")
    expect(taken.headers["x-request-id"]).toBe("caddy-5f1e2d3c")
    const refused = await request(proxied.app).get("/api/health/live").set("X-Request-Id", "not an id; drop table")
    expect(refused.headers["x-request-id"]).toMatch(UUID)
  })

  it("names the request on the BFF's log lines written while it is handled", () => {
    const lines: { reqId?: string; msg: string }[] = []
    const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) })
    withRequestContext({} as IncomingMessage, { requestId: "req-0001-abcd" }, () => logger.info("inside"))
    logger.info("outside")
    expect(lines.map(({ msg, reqId }) => ({ msg, reqId }))).toEqual([
      { msg: "inside", reqId: "req-0001-abcd" },
      { msg: "outside", reqId: undefined },
    ])
  })

  it("follows one checkout through the answer, the BFF's log and Medusa's log", async () => {
    const shopper = await signedUpUser(proxied.app, "traced")
    expect((await request(proxied.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: "M" })).status).toBe(201)
    const id = `checkout-${randomUUID()}`
    const placed = await request(proxied.app).post("/api/checkout").set(bearer(shopper)).set("X-Request-Id", id).send(payload("cod"))
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(placed.headers["x-request-id"]).toBe(id)
    expect(log.lines.filter((line) => line.reqId === id).map(({ msg, path }) => ({ msg, path }))).toContainEqual({ msg: "request", path: "/api/checkout" })
    // Medusa logs each call the BFF made for it once answered: the cart and its completion, by the placement job the
    // checkout queued, as part of the checkout's request.
    await proxied.app.background.placements.runDue()
    const medusaLines = async () => (await readFile(inject("medusaLogFile"), "utf8")).split("\n").filter((line) => line.includes(`reqId=${id}`))
    await expect
      .poll(medusaLines, { timeout: 5000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/POST \/internal\/checkout-carts 2\d\d/),
          expect.stringMatching(/POST \/internal\/checkout-carts\/\S+\/complete 2\d\d/),
        ]),
      )
  })
})

describe("GET /metrics", () => {
  it("is served on the internal listener only", async () => {
    expect((await request(proxied.app).get("/metrics")).status).toBe(404)
    const internal = await request(proxied.app.internal).get("/metrics")
    expect(internal.status).toBe(200)
    expect(internal.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(internal.text).toMatch(/^process_cpu_seconds_total \d/m)
    expect(sample(internal.text, "bff_db_pool_connections", { state: "total" })).toBeGreaterThan(0)
  })

  it("counts requests by route template, method and status, and the catalogue cache's hits and misses", async () => {
    const before = await metricsOf()
    for (let i = 0; i < 3; i++) expect((await request(proxied.app).get(`/api/products/${product.id}`)).status).toBe(200)
    expect((await request(proxied.app).get("/api/products/prod_00000000000000000000000000")).status).toBe(404)
    expect((await request(proxied.app).post("/api/auth/login").send({})).status).toBe(400)
    const after = await metricsOf()
    const count = (labels: Record<string, string>) =>
      sample(after, "bff_http_request_duration_seconds_count", labels) - sample(before, "bff_http_request_duration_seconds_count", labels)
    expect(count({ method: "GET", route: "/api/products/:id", status: "200" })).toBe(3)
    expect(count({ method: "GET", route: "/api/products/:id", status: "404" })).toBe(1)
    expect(count({ method: "POST", route: "/api/auth/login", status: "400" })).toBe(1)
    expect(after).not.toContain(product.id)
    const lookups = (result: string) =>
      sample(after, "bff_catalog_cache_lookups_total", { result }) - sample(before, "bff_catalog_cache_lookups_total", { result })
    // The product's three reads: the first fills the cache (a miss unless an earlier test read it), the later ones find it.
    // A product that is not there is answered without a lookup.
    expect(lookups("hit")).toBeGreaterThanOrEqual(2)
    expect(lookups("hit") + lookups("miss")).toBe(3)
  })

  it("times the calls to Medusa and counts the jobs a checkout queued", async () => {
    const before = await metricsOf()
    const shopper = await signedUpUser(proxied.app, "counted")
    expect((await request(proxied.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: "M" })).status).toBe(201)
    expect((await request(proxied.app).post("/api/checkout").set(bearer(shopper)).send(payload("cod"))).status).toBe(201)
    // Jobs run only when a test asks: the order's placement in Medusa and its message wait, due.
    expect(await metricsOf()).toMatch(/^bff_jobs\{kind="[a-z.-]+",state="due"\} [1-9]/m)
    const ran = await proxied.runJobs()
    expect(ran).toBeGreaterThan(0)
    const after = await metricsOf()
    const done = after.split("\n").filter((line) => line.startsWith("bff_jobs_finished_total{"))
    expect(done.length).toBeGreaterThan(0)
    // The placement made the order's cart in Medusa and completed it.
    const internalCalls = (text: string) => sample(text, "bff_medusa_call_duration_seconds_count", { api: "internal", outcome: "ok" })
    expect(internalCalls(after)).toBeGreaterThan(internalCalls(before))
  })
})
