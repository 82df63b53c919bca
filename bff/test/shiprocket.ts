import { randomBytes } from "node:crypto"
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import express, { type Express } from "express"
import { inject } from "vitest"
import { shiprocketEmulator, type ShiprocketEmulatorOptions } from "@fitshop/emulators"
import { createDb, type Db } from "../src/lib/db.js"
import { shiprocketClient, type ShiprocketClientOptions, type ShiprocketOrder, type ShiprocketReturnOrder } from "../src/lib/shiprocket.js"

async function listen(app: Express | RequestListener): Promise<{ server: Server; origin: string }> {
  const server = createServer(app)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

async function close(server: Server) {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

type EmulatorOverrides = Partial<Omit<ShiprocketEmulatorOptions, "db">> & {
  db?: Db
  /** Routes of the app the emulator is mounted in, such as a webhook receiver. */
  mount?: (app: Express) => void
}

/**
 * The Shiprocket emulator alone in a small app on an ephemeral port, with its own API user, so tests never share
 * an account. `calls` lists every request it saw; `failTracking` makes tracking calls answer 401 before the emulator.
 */
export async function startShiprocketEmulator(overrides: EmulatorOverrides = {}) {
  const ownDb = overrides.db ? undefined : createDb(inject("databaseUrl"))
  const db = overrides.db ?? ownDb!
  const credentials = {
    email: overrides.email ?? `api-${randomBytes(4).toString("hex")}@shiprocket-emulator.test`,
    password: overrides.password ?? randomBytes(12).toString("hex"),
  }
  const calls: string[] = []
  const control = { failTracking: false }
  const app = express()
  app.use((req, res, next) => {
    calls.push(`${req.method} ${req.path}`)
    if (control.failTracking && req.path.includes("/courier/track/")) {
      res.status(401).json({ message: "Token has expired or is invalid", status_code: 401 })
      return
    }
    next()
  })
  const { mount, ...options } = overrides
  mount?.(app)
  app.use("/emulator/shiprocket", shiprocketEmulator({ webhookRetryDelayMs: 20, ...options, ...credentials, db }))
  const { server, origin } = await listen(app)
  const apiUrl = `${origin}/emulator/shiprocket`
  return {
    ...credentials,
    apiUrl,
    db,
    calls,
    control,
    client: (options: Partial<ShiprocketClientOptions> = {}) => shiprocketClient({ apiUrl, ...credentials, trackingBaseUrl: `${apiUrl}/tracking`, ...options }),
    close: async () => {
      await close(server)
      await ownDb?.end()
    },
  }
}

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: unknown }

/** A local webhook receiver answering the given statuses in turn (then 200), recording what it got. */
export async function startWebhookReceiver(statuses: number[] = []) {
  const received: ReceivedWebhook[] = []
  const answers = [...statuses]
  const { server, origin } = await listen((req: Parameters<RequestListener>[0], res: Parameters<RequestListener>[1]) => {
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()))
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(raw || "null") })
      res.writeHead(answers.shift() ?? 200, { "Content-Type": "application/json" }).end("{}")
    })
  })
  return { url: `${origin}/hooks/tracking-updates`, received, close: () => close(server) }
}

/** A valid adhoc order with a unique order_id. */
export function adhocOrder(overrides: Partial<ShiprocketOrder> = {}): ShiprocketOrder {
  return {
    order_id: `T${Date.now()}${randomBytes(3).toString("hex")}`,
    order_date: "2025-01-15 10:30",
    pickup_location: "Primary",
    billing_customer_name: "Asha Rao",
    billing_address: "12 MG Road",
    billing_city: "Bengaluru",
    billing_pincode: "560001",
    billing_state: "Karnataka",
    billing_country: "India",
    billing_email: "asha@example.test",
    billing_phone: "9876543210",
    shipping_is_billing: true,
    order_items: [{ name: "Oversized Tee", sku: "TEE-BLK-M", units: 2, selling_price: 1299 }],
    payment_method: "Prepaid",
    sub_total: 2598,
    length: 30,
    breadth: 25,
    height: 5,
    weight: 0.5,
    ...overrides,
  } as ShiprocketOrder
}

/** A valid return order (a reverse pickup from the shopper to the warehouse) with a unique order_id. */
export function returnOrder(overrides: Partial<ShiprocketReturnOrder> = {}): ShiprocketReturnOrder {
  return {
    order_id: `R${Date.now()}${randomBytes(3).toString("hex")}`,
    order_date: "2025-01-20 09:15",
    pickup_customer_name: "Asha",
    pickup_last_name: "Rao",
    pickup_address: "12 MG Road",
    pickup_city: "Bengaluru",
    pickup_state: "Karnataka",
    pickup_country: "India",
    pickup_pincode: "560001",
    pickup_email: "asha@example.test",
    pickup_phone: "9876543210",
    shipping_customer_name: "Fitshop Returns",
    shipping_address: "Unit 4, Andheri East",
    shipping_city: "Mumbai",
    shipping_state: "Maharashtra",
    shipping_country: "India",
    shipping_pincode: "400069",
    shipping_phone: "9123456780",
    order_items: [{ name: "Oversized Tee", sku: "TEE-BLK-M", units: 1, selling_price: 1299 }],
    payment_method: "PREPAID",
    sub_total: 1299,
    length: 30,
    breadth: 25,
    height: 5,
    weight: 0.5,
    ...overrides,
  }
}
