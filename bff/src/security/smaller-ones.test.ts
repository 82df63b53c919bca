import { mkdir, rm, writeFile } from "node:fs/promises"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { availableParallelism } from "node:os"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import type { Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../test/accounts.js"
import { createTestApp, genericFrontEndDist } from "../../test/app.js"
import { payload } from "../../test/checkout.js"
import { recordedOrder, unknownProductId } from "../../test/fitfeed.js"
import { adhocOrder, startWebhookReceiver } from "../../test/shiprocket.js"
import { hoodieForm, staffSession, uploadedProductImage } from "../../test/staff.js"
import { DISPATCH_JOB } from "../features/fulfillment/dispatch.js"
import { decodeInTurn } from "../lib/images.js"
import { shiprocketSettings } from "../lib/shiprocket-settings.js"
import { shiprocketClient } from "../lib/shiprocket.js"

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

/** Polls until `check` holds, failing with what it waited for. */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms: ${what}`)
    await sleep(200)
  }
}

function listen(app: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(app)
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  )
}

describe("smaller ones", () => {
  it("8. a product whose title and description hold $' $` $& $1 $$ is rendered intact on its server-rendered page", async () => {
    const staff = await staffSession(ctx.app)
    const imageUrl = await uploadedProductImage(ctx.app, staff.headers, "#663322")
    const title = `Tee $' $\` $& $1 $$ ${Date.now().toString(36)}`
    const description = "Cut $' and $` and $& and $1 and $$ and $<name>, as typed."
    const form = hoodieForm(imageUrl, { title, description, colorName: "Rust", colorHex: "#663322", sizes: [{ size: "M", stock: 2, measurements: null }] })
    const created = await request(ctx.app).post("/api/admin/products").set(staff.headers).send(form)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.product.id as string
    await eventually(async () => (await request(ctx.app).get(`/api/products/${id}`)).status === 200, "the product in the shop")

    const page = await request(ctx.app).get(`/product/${id}`)
    expect(page.status).toBe(200)
    const html = page.text
    // The page is whole: one head, one title, the app's root after it, nothing of the page repeated.
    expect(html.split("</head>")).toHaveLength(2)
    expect(html.split("<title>")).toHaveLength(2)
    expect(html.split('<div id="root"></div>')).toHaveLength(2)
    expect(html).toContain(`<title>${title.replace(/'/g, "&#39;").replace(/&(?!#39;)/g, "&amp;")} | Build Your Fit</title>`)
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as { name: string; description: string }
    expect(jsonLd).toMatchObject({ name: title, description })
    const answers = JSON.parse(/<script type="application\/json" id="server-answers">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      answers: Record<string, { product: Product }>
    }
    expect(answers.answers[`/api/products/${id}`]?.product).toMatchObject({ title, description })
  }, 60_000)

  it("8. a malformed %-escape in a path is a 400 bad_request, not a 500", async () => {
    const paths = [
      "/shop/%E0%A4%A",
      "/product/%E0%A4%A",
      "/api/products/%zz",
      "/api/products/%E0%A4%A",
      "/api/admin/products/%zz",
      "/media/%",
      "/media/products/%E0%A4%A.webp",
      "/admin/%",
      "/%",
    ]
    for (const path of paths) {
      const response = await request(ctx.app).get(path)
      expect(response.status, `${path}: ${response.text.slice(0, 120)}`).toBe(400)
      expect(response.body, path).toMatchObject({ code: "bad_request" })
      expect(typeof response.body.message, path).toBe("string")
    }
  })

  it("8. TRUST_PROXY decides whose X-Forwarded-For gives the client's address (per-address limits)", async () => {
    const attempts = (app: typeof ctx.app, forwardedFor: string) =>
      request(app).post("/api/auth/verify-email").set("X-Forwarded-For", forwardedFor).send({ email: "nobody@example.test", code: "000000" })
    const behindOneProxy = await createTestApp({ TRUST_PROXY: "1", AUTH_RATE_LIMIT_PER_IP: "2" })
    const trustingNobody = await createTestApp({ TRUST_PROXY: "false", AUTH_RATE_LIMIT_PER_IP: "2" })
    try {
      for (const app of [behindOneProxy.app, trustingNobody.app]) {
        for (let i = 0; i < 2; i++) expect((await attempts(app, "203.0.113.7")).status).not.toBe(429)
        expect((await attempts(app, "203.0.113.7")).status).toBe(429)
      }
      // Behind one proxy, another client is another address with its own budget.
      expect((await attempts(behindOneProxy.app, "198.51.100.9")).status).not.toBe(429)
      // Trusting no proxy, the header is ignored: the connection's address has spent its budget.
      expect((await attempts(trustingNobody.app, "198.51.100.9")).status).toBe(429)
    } finally {
      await behindOneProxy.close()
      await trustingNobody.close()
    }
  })

  it("8. /api/internal/* is served only on the internal listener, never on the public port", async () => {
    const secret = { "x-internal-secret": ctx.config.INTERNAL_API_SECRET }
    const internalCalls = [
      ["/api/internal/catalog/changed", { productIds: [] }],
      ["/api/INTERNAL/catalog/changed", { productIds: [] }],
      ["/api/internal/orders/order_01ABCDEFGHJKMNPQRSTVWXYZ01/changed", {}],
    ] as const
    for (const [path, body] of internalCalls) {
      const response = await request(ctx.app).post(path).set(secret).send(body)
      expect(response.status, path).toBe(404)
    }
    const changed = await request(ctx.app.internal).post("/api/internal/catalog/changed").set(secret).send({ productIds: [] })
    expect(changed.status).toBe(204)
    const guessed = await request(ctx.app.internal).post("/api/internal/catalog/changed").set("x-internal-secret", "guess").send({ productIds: [] })
    expect(guessed.status).toBe(403)
    expect((await request(ctx.app.internal).get("/api/health")).status).not.toBe(404)
    // Nothing public on the internal listener.
    for (const path of ["/api/products", "/api/orders/mine", "/api/auth/me", "/api/dev/outbox?to=a@b.test", "/emulator/razorpay/checkout.js", "/"]) {
      expect((await request(ctx.app.internal).get(path)).status, path).toBe(404)
    }
  })

  it("8. the Shiprocket emulator's test hook sends its webhook and token to the configured address, never the Host header's", async () => {
    const configured = await startWebhookReceiver()
    const attacker = await startWebhookReceiver()
    // PUBLIC_URL names the shop; the emulator's webhook goes to its tracking route there.
    const app = await createTestApp({ PUBLIC_URL: new URL(configured.url).origin })
    const { server, origin } = await listen(app.app)
    try {
      const settings = shiprocketSettings(app.config)
      const apiUrl = `${origin}/emulator/shiprocket`
      const client = shiprocketClient({ apiUrl, email: settings.email, password: settings.password, trackingBaseUrl: `${apiUrl}/tracking` })
      const shipment = await client.createOrder(adhocOrder())
      const { awbCode } = await client.assignAwb(shipment.shipmentId)
      const moved = await request(origin)
        .post(`/emulator/shiprocket/test/shipments/${awbCode}/status`)
        .set("Host", new URL(attacker.url).host)
        .send({ status: "SHIPPED" })
      expect(moved.status).toBe(200)
      expect(attacker.received).toEqual([])
      expect(configured.received).toHaveLength(1)
      expect(configured.received[0]!.headers["x-api-key"]).toBe(settings.webhookToken)
    } finally {
      server.close()
      await app.close()
      await configured.close()
      await attacker.close()
    }
  })
})

/** Issue 25, items 8–10: behind the proxy, headers on every answer, and the small costly ones. */

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
