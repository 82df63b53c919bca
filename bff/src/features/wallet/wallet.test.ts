import type { RequestListener } from "node:http"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { createTestApp } from "../../../test/app.js"
import { darkCoinsBalance } from "./ledger.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let app: RequestListener
beforeAll(async () => {
  ctx = await createTestApp()
  app = ctx.app
})
afterAll(() => ctx.close())

async function addEntries(userId: string, entries: [number, string][]) {
  for (const [coins, kind] of entries) {
    await ctx.db.query("insert into bff.dark_coin_entries (user_id, coins, kind) values ($1, $2, $3)", [userId, coins, kind])
  }
}

describe("GET /api/wallet/mine", () => {
  it("needs sign-in", async () => {
    const response = await request(app).get("/api/wallet/mine")
    expect(response.status).toBe(401)
    expect(response.body.code).toBe("unauthorized")
  })

  it("is 0 for a new shopper, never cached", async () => {
    const user = await signedUpUser(ctx.app, "wallet0")
    const response = await request(app)
      .get("/api/wallet/mine")
      .set({ Authorization: `Bearer ${user.accessToken}` })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ darkCoins: 0 })
    expect(response.headers["cache-control"]).toBe("no-store")
  })

  it("sums the shopper's own ledger entries: earnings, spends, reversals and adjustments", async () => {
    const [user, other] = await Promise.all([signedUpUser(ctx.app, "wallet1"), signedUpUser(ctx.app, "wallet2")])
    await addEntries(user.user.id, [
      [500, "earn"],
      [250, "earn"],
      [-300, "spend"],
      [-50, "reversal"],
      [5, "adjustment"],
    ])
    await addEntries(other.user.id, [[1000, "earn"]])
    const response = await request(app)
      .get("/api/wallet/mine")
      .set({ Authorization: `Bearer ${user.accessToken}` })
    expect(response.body).toEqual({ darkCoins: 405 })
    expect(await darkCoinsBalance(ctx.db, other.user.id)).toBe(1000)
  })

  it("reads the balance inside a transaction", async () => {
    const user = await signedUpUser(ctx.app, "wallet3")
    const client = await ctx.db.connect()
    try {
      await client.query("begin")
      await client.query("insert into bff.dark_coin_entries (user_id, coins, kind) values ($1, 70, 'earn')", [user.user.id])
      expect(await darkCoinsBalance(client, user.user.id)).toBe(70)
      expect(await darkCoinsBalance(ctx.db, user.user.id)).toBe(0)
      await client.query("rollback")
    } finally {
      client.release()
    }
  })
})
