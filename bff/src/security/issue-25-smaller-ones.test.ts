import { mkdir, rm, writeFile } from "node:fs/promises"
import { availableParallelism } from "node:os"
import path from "node:path"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../test/accounts.js"
import { createTestApp, genericFrontEndDist } from "../../test/app.js"
import { payload } from "../../test/checkout.js"
import { recordedOrder, unknownProductId } from "../../test/fitfeed.js"
import { DISPATCH_JOB } from "../features/fulfillment/dispatch.js"
import { decodeInTurn } from "../lib/images.js"

/** Issue 25, items 8–10: behind the proxy, headers on every answer, and the small costly ones. */

let dist: string
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  dist = await genericFrontEndDist()
  ctx = await createTestApp({ STOREFRONT_DIST: dist, ADMIN_DIST: dist })
})
afterAll(async () => {
  await ctx.close()
  await rm(dist, { recursive: true, force: true })
})

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` })

describe("8. per-address limits behind the proxy", () => {
  it("counts every IPv6 address of one /64 as one client, and another /64 apart", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "1", AUTH_RATE_LIMIT_PER_IP: "2" })
    try {
      const attempt = (forwardedFor: string) =>
        request(proxied.app).post("/api/auth/verify-email").set("X-Forwarded-For", forwardedFor).send({ email: "nobody@example.test", code: "000000" })
      expect((await attempt("2001:db8:aa:1::1")).status).not.toBe(429)
      expect((await attempt("2001:db8:aa:1:ffff::2")).status).not.toBe(429)
      expect((await attempt("2001:db8:aa:1:1234:5678:9abc:def0")).status).toBe(429)
      expect((await attempt("2001:db8:aa:2::1")).status).not.toBe(429)
    } finally {
      await proxied.close()
    }
  })
})

describe("9. every answer carries the security headers", () => {
  it("includes the 400 for a malformed path and the 404s", async () => {
    for (const path of ["/%", "/api/%zz", "/media/%", "/api/products/%zz", "/api/no-such-route", "/media/nothing-here.webp"]) {
      const response = await request(ctx.app).get(path)
      expect([400, 404], path).toContain(response.status)
      expect(response.headers["content-security-policy"], path).toBeDefined()
      expect(response.headers["x-content-type-options"], path).toBe("nosniff")
      expect(response.headers["x-frame-options"], path).toBe("DENY")
    }
  })
})

describe("10. the smaller ones", () => {
  it("a checkout that saves a new address spends the address book's budget", async () => {
    const shopper = await signedUpUser(ctx.app, "saver")
    // Nineteen addresses made the usual way leave room for one more today.
    for (let i = 0; i < 19; i++) {
      const made = await request(ctx.app)
        .post("/api/addresses")
        .set(bearer(shopper.accessToken))
        .send({
          fullName: "Asha Rao",
          phone: "9876543210",
          line1: `${i + 1} MG Road`,
          city: "Pune",
          state: "Maharashtra",
          postalCode: "411001",
          country: "India",
        })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
    }
    const saving = (line1: string) =>
      request(ctx.app)
        .post("/api/checkout")
        .set(bearer(shopper.accessToken))
        .send(
          payload("cod", {
            address: {
              fullName: "Asha Rao",
              phone: "9876543210",
              line1,
              city: "Pune",
              state: "Maharashtra",
              postalCode: "411001",
              country: "India",
              save: true,
            },
          }),
        )
    // The twentieth passes the budget (and fails later: the bag is empty); the twenty-first is refused at once.
    expect((await saving("20 MG Road")).status).not.toBe(429)
    expect((await saving("21 MG Road")).status).toBe(429)
    expect(
      (
        await request(ctx.app)
          .post("/api/addresses")
          .set(bearer(shopper.accessToken))
          .send({ fullName: "Asha Rao", phone: "9876543210", line1: "22 MG Road", city: "Pune", state: "Maharashtra", postalCode: "411001", country: "India" })
      ).status,
    ).toBe(429)
  })

  it("cancelling a payment and asking for dispatch are rate limited", async () => {
    const shopper = await signedUpUser(ctx.app, "limits")
    const cancels: number[] = []
    for (let i = 0; i < 31; i++) {
      cancels.push(
        (await request(ctx.app).post("/api/payments/cancel").set(bearer(shopper.accessToken)).send({ razorpay_order_id: "order_NotOneOfOurs1" })).status,
      )
    }
    expect(cancels.slice(0, 30).every((status) => status === 404)).toBe(true)
    expect(cancels[30]).toBe(429)
    const dispatches: number[] = []
    for (let i = 0; i < 31; i++) {
      dispatches.push(
        (await request(ctx.app).post("/api/fulfillment/shiprocket/dispatch").set(bearer(shopper.accessToken)).send({ orderId: "order_NotOneOfOurs1" })).status,
      )
    }
    expect(dispatches.slice(0, 30).every((status) => status === 404)).toBe(true)
    expect(dispatches[30]).toBe(429)
  })

  it("?w= on a video (or any stored file that is no picture) answers 404, not 500", async () => {
    const folder = path.join(ctx.config.MEDIA_DIR, "videos")
    await mkdir(folder, { recursive: true })
    const name = `walk-${Date.now()}.mp4`
    await writeFile(path.join(folder, name), Buffer.from("\x00\x00\x00\x18ftypmp42 not really a movie"))
    await writeFile(path.join(folder, `${name}.png`), Buffer.from("not a picture at all"))
    expect((await request(ctx.app).get(`/media/videos/${name}?w=320`)).status).toBe(404)
    expect((await request(ctx.app).get(`/media/videos/${name}.png?w=320`)).status).toBe(404)
    expect((await request(ctx.app).get(`/media/videos/${name}`)).status).toBe(200)
  })

  it("decodes at most one image per core at once across the process", async () => {
    let running = 0
    let most = 0
    await Promise.all(
      Array.from({ length: 12 }, () =>
        decodeInTurn(async () => {
          running += 1
          most = Math.max(most, running)
          await new Promise((resolve) => setTimeout(resolve, 20))
          running -= 1
        }),
      ),
    )
    expect(most).toBe(Math.min(12, Math.max(1, availableParallelism())))
  })

  it("a dispatch asked again never runs a finished dispatch job again", async () => {
    const shopper = await signedUpUser(ctx.app, "dispatch")
    const orderId = await recordedOrder(ctx.db, shopper.user.id, [{ productId: unknownProductId() }], "PLACED")
    await ctx.db.query("insert into bff.jobs (kind, key, payload, attempts, done_at) values ($1, $2, '{}', 1, now())", [DISPATCH_JOB, orderId])
    const asked = await request(ctx.app).post("/api/fulfillment/shiprocket/dispatch").set(bearer(shopper.accessToken)).send({ orderId })
    expect(asked.status).toBe(202)
    const { rows } = await ctx.db.query<{ done: boolean; attempts: number }>(
      "select done_at is not null as done, attempts from bff.jobs where kind = $1 and key = $2",
      [DISPATCH_JOB, orderId],
    )
    expect(rows).toEqual([{ done: true, attempts: 1 }])
  })
})
