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
