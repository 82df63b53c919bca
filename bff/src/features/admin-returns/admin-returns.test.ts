import { randomInt, randomUUID } from "node:crypto"
import { adminReturnListSchema, type ReturnStatus } from "@fitshop/contracts"
import express from "express"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { recordedOrder, unknownProductId } from "../../../test/fitfeed.js"
import { shopperSession, staffSession } from "../../../test/staff.js"
import { userRow } from "../../../test/users.js"
import { authentication } from "../../http/authenticate.js"
import { errorHandler } from "../../http/error-handler.js"
import { createLogger } from "../../lib/logger.js"
import { adminReturnsRoutes } from "./routes.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let staff: Awaited<ReturnType<typeof staffSession>>
/** The returns routes on their own, as app.ts mounts a feature's routes: under /api, before the error handler. */
let returnsApp: express.Express
beforeAll(async () => {
  ctx = await createTestApp()
  staff = await staffSession(ctx.app)
  returnsApp = express()
    .use("/api", adminReturnsRoutes({ db: ctx.db, authentication: authentication(ctx.db, ctx.config.AUTH_TOKEN_SECRET) }))
    .use(errorHandler(createLogger("silent")))
})
afterAll(async () => {
  await staff.remove()
  await ctx.close()
})

type Ask = { status?: ReturnStatus; kind?: "return" | "exchange"; minutesAhead: number; paid?: boolean }

/**
 * A return asked on its own order of a fresh customer, straight in the table. Its ask is dated a century ahead (plus
 * `minutesAhead` minutes), so this file's returns come before any other file's in the newest-first list.
 */
async function returnRow({ status = "requested", kind = "return", minutesAhead, paid = true }: Ask) {
  const customer = await userRow(ctx.db, { verified: true })
  const orderId = await recordedOrder(ctx.db, customer.id, [{ productId: unknownProductId(), size: "M", unitPrice: 129_900 }], paid ? "PAID" : "DELIVERED")
  const displayId = randomInt(10_000, 1_000_000)
  await ctx.db.query("update bff.orders set display_id = $2 where id = $1", [orderId, displayId])
  const id = randomUUID()
  const line = {
    lineId: `ordli_${randomUUID().replaceAll("-", "")}`,
    productId: unknownProductId(),
    variantId: "variant_test",
    title: "Boxy Tee",
    size: "M",
    quantity: 2,
    firstUnit: 0,
    unitPrice: 129_900,
    reason: kind === "exchange" ? "Size too small" : "Quality issue",
    note: kind === "exchange" ? null : "Seam came apart",
    exchangeSize: kind === "exchange" ? "L" : null,
    exchangeVariantId: kind === "exchange" ? "variant_l" : null,
    refund: kind === "exchange" ? { toPayment: 0, coins: 0 } : { toPayment: 259_800, coins: 40 },
    spentCoins: kind === "exchange" ? 0 : 40,
  }
  const refund = line.refund
  await ctx.db.query(
    `insert into bff.returns (id, order_id, user_id, kind, status, lines, lines_key, pickup_address, refund_to_payment_paise, refund_coins,
       refund_spent_coins, tracking_url, pickup_date, requested_at, received_at, refunded_at)
     values ($1, $2, $3, $4, $5, $6, $7, '{}', $8, $9, $10, $11, $12,
       now() + interval '100 years' + make_interval(mins => $13), $14, $15)`,
    [
      id,
      orderId,
      customer.id,
      kind,
      status,
      JSON.stringify([line]),
      `${line.lineId}:2:${line.exchangeSize ?? ""}`,
      refund.toPayment,
      refund.coins,
      line.spentCoins,
      status === "requested" ? null : "https://track.example.test/AWB1",
      status === "requested" ? null : "2026-12-01",
      minutesAhead,
      ["received", "refunded"].includes(status) ? new Date("2026-12-03T10:00:00Z") : null,
      status === "refunded" ? new Date("2026-12-04T10:00:00Z") : null,
    ],
  )
  return { id, orderId, displayId, email: customer.email }
}

const list = (query: Record<string, string | number>) => request(returnsApp).get("/api/admin/returns").query(query).set(staff.headers)
const returnCount = async () => (await ctx.db.query<{ n: number }>("select count(*)::int as n from bff.returns")).rows[0]!.n

describe("GET /api/admin/returns", () => {
  it("lists returns newest first, each with its order, customer, lines and refund, page by page with the total", async () => {
    const oldest = await returnRow({ minutesAhead: 1, paid: false })
    const middle = await returnRow({ minutesAhead: 2, kind: "exchange", status: "pickup_scheduled" })
    const newest = await returnRow({ minutesAhead: 3, status: "refunded" })

    const before = await returnCount()
    const first = await list({ limit: 2, offset: 0 })
    const after = await returnCount()
    expect(first.status).toBe(200)
    expect(first.headers["cache-control"]).toBe("no-store")
    const page = adminReturnListSchema.parse(first.body)
    expect(page.returns.map((ask) => ask.id)).toEqual([newest.id, middle.id])
    expect(page.total).toBeGreaterThanOrEqual(before)
    expect(page.total).toBeLessThanOrEqual(after)

    const second = adminReturnListSchema.parse((await list({ limit: 1, offset: 2 })).body)
    expect(second.returns.map((ask) => ask.id)).toEqual([oldest.id])

    expect(page.returns[0]).toEqual({
      id: newest.id,
      kind: "return",
      status: "refunded",
      orderId: newest.orderId,
      orderDisplayId: newest.displayId,
      paymentMethod: "online",
      customerEmail: newest.email,
      lines: [{ title: "Boxy Tee", size: "M", quantity: 2, reason: "Quality issue", note: "Seam came apart", exchangeSize: null }],
      refund: { toPayment: 259_800, coins: 40 },
      pickupDate: "2026-12-01",
      trackingUrl: "https://track.example.test/AWB1",
      requestedAt: expect.stringMatching(/^21\d\d-/),
      receivedAt: "2026-12-03T10:00:00.000Z",
      refundedAt: "2026-12-04T10:00:00.000Z",
      exchangedAt: null,
      cancelledAt: null,
      pickupStuckAt: null,
    })
    expect(page.returns[1]).toMatchObject({
      kind: "exchange",
      status: "pickup_scheduled",
      lines: [{ reason: "Size too small", note: null, exchangeSize: "L" }],
      refund: { toPayment: 0, coins: 0 },
      receivedAt: null,
    })
    expect(second.returns[0]).toMatchObject({ paymentMethod: "cod", status: "requested", pickupDate: null, trackingUrl: null })
  })

  it("narrows the list and its total to one status", async () => {
    const received = await returnRow({ minutesAhead: 10, status: "received" })
    const requested = await returnRow({ minutesAhead: 11 })

    const answer = await list({ status: "received", limit: 100 })
    expect(answer.status).toBe(200)
    const page = adminReturnListSchema.parse(answer.body)
    expect(page.returns.map((ask) => ask.id)).toContain(received.id)
    expect(page.returns.map((ask) => ask.id)).not.toContain(requested.id)
    expect(page.returns.every((ask) => ask.status === "received")).toBe(true)
    expect(page.total).toBeGreaterThanOrEqual(page.returns.length)
    expect(page.total).toBeLessThan(adminReturnListSchema.parse((await list({ limit: 1 })).body).total)
  })

  it("answers 400 with the error and its message to a query out of range or an unknown status", async () => {
    const wrong: Record<string, string>[] = [{ limit: "0" }, { limit: "101" }, { offset: "-1" }, { status: "nope" }]
    for (const query of wrong) {
      const answer = await list(query)
      expect(answer.status, JSON.stringify(query)).toBe(400)
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String) })
    }
  })

  it("refuses the anonymous (401) and shoppers (403)", async () => {
    const shopper = await shopperSession(ctx.app)
    expect((await request(returnsApp).get("/api/admin/returns")).status).toBe(401)
    const refused = await request(returnsApp).get("/api/admin/returns").set(shopper.headers)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ error: expect.any(String), message: expect.any(String) })
  })
})
