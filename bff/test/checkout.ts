import { createServer, type Server } from "node:http"
import request from "supertest"
import { expect } from "vitest"
import { freePort } from "../../scripts/lib/ports.js"
import type { Logger } from "../src/lib/logger.js"
import { createRazorpayClient } from "../src/lib/razorpay.js"
import type { RazorpayCheckoutResult } from "../src/lib/razorpay-entities.js"
import { razorpaySettings } from "../src/lib/razorpay-settings.js"
import { signedUpUser } from "./accounts.js"
import { createTestApp } from "./app.js"
import { medusaIdOf } from "../src/features/orders/index.js"

/**
 * The real app listening on a port of its own, which is also its PUBLIC_URL: its Razorpay and
 * Shiprocket emulators (mounted in the app, as in development) answer the SDKs there and send their
 * webhooks back to it. Jobs run only when a test calls `runJobs`, so every step is deterministic. A test that puts
 * a hop of its own in front of the app (to cut a service the app reaches on itself) chooses the port.
 */
export async function startCheckoutApp(overrides: Record<string, string> = {}, { port: chosenPort, logger }: { port?: number; logger?: Logger } = {}) {
  const port = chosenPort ?? (await freePort())
  const origin = `http://127.0.0.1:${port}`
  const ctx = await createTestApp({ PUBLIC_URL: origin, ...overrides }, { logger })
  const server: Server = await new Promise((resolve) => {
    const listening = createServer(ctx.app).listen(port, "127.0.0.1", () => resolve(listening))
  })
  const razorpay = razorpaySettings(ctx.config)
  return {
    ...ctx,
    origin,
    /** The BFF's own Razorpay client, to read payments and refunds as Razorpay keeps them. */
    razorpay: createRazorpayClient({ keyId: razorpay.keyId, keySecret: razorpay.keySecret, apiUrl: razorpay.apiUrl }),
    /**
     * Runs the due jobs of the placement queue (accepted orders placed in Medusa), the main queue, then the Medusa
     * mirror's (the courier's scans told to Medusa); answers how many ran.
     */
    runJobs: async () => (await ctx.app.background.placements.runDue()) + (await ctx.app.background.jobs.runDue()) + (await ctx.app.background.mirror.runDue()),
    /** Places the accepted orders in Medusa (the placement queue's due jobs, and nothing else); answers how many ran. */
    placeInMedusa: () => ctx.app.background.placements.runDue(),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await ctx.close()
    },
  }
}

export type CheckoutApp = Awaited<ReturnType<typeof startCheckoutApp>>
export type Shopper = Awaited<ReturnType<typeof signedUpUser>>

export const bearer = (shopper: Shopper) => ({ Authorization: `Bearer ${shopper.accessToken}` })

export const NEW_ADDRESS = {
  fullName: "Asha Verma",
  phone: "9876543210",
  line1: "14 Linking Road",
  line2: "Flat 3B",
  city: "Mumbai",
  state: "Maharashtra",
  postalCode: "400050",
  country: "India",
}

/** The spec's checkout payload; the figures the client sends are deliberately wrong, since the server must ignore them. */
export function payload(mode: "prepaid" | "cod", options: { coins?: boolean; address?: Record<string, unknown> } = {}) {
  return {
    shippingAddressSnapshot: options.address ?? NEW_ADDRESS,
    payment: { gateway: mode === "cod" ? "cod" : "razorpay", mode },
    darkCoins: { applied: options.coins ?? false, coins: 987_654 },
    charges: { codFeePaise: mode === "cod" ? 1 : 5_000 },
  }
}

/** Pays a Razorpay order through the emulator's test hook, as Checkout would; answers the three signed fields. */
export async function payOrder(app: CheckoutApp, razorpayOrderId: string): Promise<RazorpayCheckoutResult> {
  const response = await fetch(`${app.origin}/emulator/razorpay/test/orders/${razorpayOrderId}/pay`, { method: "POST" })
  expect(response.status).toBe(200)
  return (await response.json()) as RazorpayCheckoutResult
}

/**
 * Checks out the shopper's bag as the storefront does: cash on delivery (`POST /api/checkout`), or online (create-order,
 * Pay in the Razorpay emulator, verify), and places the accepted order in Medusa, as the placement queue would at once.
 * Answers the shop's order id.
 */
export async function checkOut(app: CheckoutApp, shopper: Shopper, mode: "prepaid" | "cod", options: Parameters<typeof payload>[1] = {}): Promise<string> {
  const body = payload(mode, options)
  if (mode === "cod") {
    const placed = await request(app.app).post("/api/checkout").set(bearer(shopper)).send(body)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    await app.placeInMedusa()
    return placed.body.orderId as string
  }
  const created = await request(app.app).post("/api/payments/create-order").set(bearer(shopper)).send(body)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const placed = await request(app.app)
    .post("/api/payments/verify")
    .set(bearer(shopper))
    .send(await payOrder(app, created.body.orderId))
  expect(placed.status).toBe(200)
  await app.placeInMedusa()
  return placed.body.orderId as string
}

/** Gives a shopper Dark Coins as an earn entry in the ledger. */
export async function giveCoins(app: CheckoutApp, shopper: Shopper, coins: number) {
  await app.db.query("insert into bff.dark_coin_entries (user_id, coins, kind, note) values ($1, $2, 'earn', 'test')", [shopper.user.id, coins])
}

/** Waits (running due jobs) until `check` holds; jobs retried with a delay become due on their own. */
export async function eventually<T>(app: CheckoutApp, check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await app.runJobs()
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error("timed out waiting")
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export async function ordersOf(app: CheckoutApp, shopper: Shopper) {
  const response = await request(app.app).get("/api/orders/mine").set(bearer(shopper))
  expect(response.status).toBe(200)
  expect(response.headers["cache-control"]).toBe("no-store")
  return response.body.orders as Record<string, unknown>[]
}

/** Ships and delivers an order through the Shiprocket emulator, as the courier's scans would; Medusa hears of it by the jobs run. */
export async function deliverThroughShiprocket(app: CheckoutApp, buyer: Shopper, orderId: string) {
  await request(app.app).post("/api/fulfillment/shiprocket/dispatch").set(bearer(buyer)).send({ orderId })
  const order = await eventually(app, async () => {
    const placed = (await ordersOf(app, buyer)).find((candidate) => candidate.id === orderId)
    return placed?.trackingId ? placed : undefined
  })
  for (const status of ["SHIPPED", "DELIVERED", "DELIVERED"]) {
    const moved = await fetch(`${app.origin}/emulator/shiprocket/test/shipments/${String(order.trackingId)}/status`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status }),
    })
    expect([200, 409]).toContain(moved.status)
  }
  await app.runJobs()
}

/** Medusa's notice that the order changed, as commerce sends it, and the job it queues run: the BFF follows Medusa. */
export async function followMedusa(app: CheckoutApp, orderId: string) {
  const notice = await request(app.app.internal)
    .post(`/api/internal/orders/${await medusaIdOf(app.db, orderId)}/changed`)
    .set("x-internal-secret", app.config.INTERNAL_API_SECRET)
    .send({})
  expect(notice.status).toBe(204)
  await app.runJobs()
}
