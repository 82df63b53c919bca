import request from "supertest"
import { afterAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"

const apps: Awaited<ReturnType<typeof createTestApp>>[] = []
afterAll(() => Promise.all(apps.map((app) => app.close())))

describe("GET /api/health", () => {
  it("reports PostgreSQL, Redis and Medusa up", async () => {
    const ctx = await createTestApp()
    apps.push(ctx)
    const response = await request(ctx.app).get("/api/health")
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ status: "ok", checks: { postgres: "up", redis: "up", medusa: "up", catalog: "up" } })
  })

  it("stays 200 without Redis, naming it: the shop answers from PostgreSQL", async () => {
    const ctx = await createTestApp({ REDIS_URL: "redis://127.0.0.1:9" })
    apps.push(ctx)
    const response = await request(ctx.app).get("/api/health")
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ status: "degraded", checks: { postgres: "up", redis: "down", medusa: "up", catalog: "up" } })
  })

  it("answers 503 naming Medusa when Medusa cannot be reached and the catalogue was never built", async () => {
    const ctx = await createTestApp({ MEDUSA_URL: "http://127.0.0.1:9" })
    apps.push(ctx)
    const response = await request(ctx.app).get("/api/health")
    expect(response.status).toBe(503)
    expect(response.body).toEqual({ status: "degraded", checks: { postgres: "up", redis: "up", medusa: "down", catalog: "down" } })
  })
})

describe("GET /api/health/live and /api/health/ready", () => {
  it("are live and ready with PostgreSQL, the catalogue and Medusa up, on both listeners", async () => {
    const ctx = await createTestApp()
    apps.push(ctx)
    for (const listener of [ctx.app, ctx.app.internal]) {
      const live = await request(listener).get("/api/health/live")
      expect(live.status).toBe(200)
      expect(live.body).toEqual({ status: "ok" })
      const ready = await request(listener).get("/api/health/ready")
      expect(ready.status).toBe(200)
      expect(ready.body).toEqual({ status: "ready", checks: { postgres: "up", catalog: "up", checkout: "up" } })
    }
  })

  it("stays ready through a Medusa outage, naming checkout down: browsing goes on", async () => {
    const ctx = await createTestApp({ MEDUSA_URL: "http://127.0.0.1:9" })
    apps.push(ctx)
    // The read model other replicas built is there: this replica serves it without Medusa.
    await ctx.sync.rebuildIfEmpty()
    const ready = await request(ctx.app).get("/api/health/ready")
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: "ready", checks: { postgres: "up", catalog: "up", checkout: "down" } })
    expect((await request(ctx.app).get("/api/products").query({ limit: "4" })).status).toBe(200)
  })

  it("is not ready without PostgreSQL or before the catalogue is built, and still live", async () => {
    const unbuilt = await createTestApp({ MEDUSA_URL: "http://127.0.0.1:9" })
    apps.push(unbuilt)
    expect((await request(unbuilt.app).get("/api/health/ready")).body).toEqual({
      status: "not ready",
      checks: { postgres: "up", catalog: "down", checkout: "down" },
    })
    const cut = await createTestApp()
    apps.push(cut)
    await cut.db.end()
    const ready = await request(cut.app).get("/api/health/ready")
    expect(ready.status).toBe(503)
    expect(ready.body.checks.postgres).toBe("down")
    expect((await request(cut.app).get("/api/health/live")).status).toBe(200)
  })
})

describe("errors", () => {
  it("answers unknown API routes with a JSON 404 and bad JSON with a 400", async () => {
    const ctx = await createTestApp()
    apps.push(ctx)
    const missing = await request(ctx.app).get("/api/nope")
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ error: "No route for GET /api/nope", message: "No route for GET /api/nope", code: "not_found" })
    const badJson = await request(ctx.app).post("/api/products").set("Content-Type", "application/json").send("{oops")
    expect(badJson.status).toBe(400)
    expect(badJson.body.code).toBe("bad_request")
  })
})
