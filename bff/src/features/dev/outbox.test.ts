import request from "supertest"
import { describe, expect, it } from "vitest"
import { latestMail } from "../../../test/accounts.js"
import { PRODUCTION_SERVICES } from "../../../test/production.js"
import { createTestApp } from "../../../test/app.js"

describe("GET /api/dev/outbox", () => {
  it("lists the mail kept for an address, newest first, and needs a valid address", async () => {
    const ctx = await createTestApp()
    try {
      const to = `outbox-${Date.now()}@example.test`
      await request(ctx.app)
        .post("/api/auth/signup")
        .send({ name: "Outbox", email: to, password: "outbox2026", handle: `ob${Date.now()}`.slice(0, 20) })
      await latestMail(ctx.app, to) // sent from the mail queue
      const response = await request(ctx.app).get("/api/dev/outbox").query({ to: to.toUpperCase() })
      expect(response.status).toBe(200)
      expect(response.headers["cache-control"]).toBe("no-store")
      expect(response.body.messages).toHaveLength(1)
      expect(response.body.messages[0]).toMatchObject({ to, subject: expect.stringMatching(/verification code/), createdAt: expect.any(String) })
      expect((await request(ctx.app).get("/api/dev/outbox").query({ to: "nope" })).status).toBe(400)
    } finally {
      await ctx.close()
    }
  })

  it("does not exist in production", async () => {
    const ctx = await createTestApp({ NODE_ENV: "production", ...PRODUCTION_SERVICES })
    try {
      expect((await request(ctx.app).get("/api/dev/outbox").query({ to: "a@example.test" })).status).toBe(404)
    } finally {
      await ctx.close()
    }
  })
})
