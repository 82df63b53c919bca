import { rm } from "node:fs/promises"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { setTimeout as sleep } from "node:timers/promises"
import type { Product } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, genericFrontEndDist } from "../../test/app.js"
import { adhocOrder, startWebhookReceiver } from "../../test/shiprocket.js"
import { hoodieForm, staffSession, uploadedProductImage } from "../../test/staff.js"
import { shiprocketClient } from "../lib/shiprocket.js"
import { shiprocketSettings } from "../lib/shiprocket-settings.js"

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
      ["/api/internal/orders/order_01ABCDEFGHJKMNPQRSTVWXYZ01/canceled", {}],
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
