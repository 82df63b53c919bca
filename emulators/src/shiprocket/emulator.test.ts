import { createHash } from "node:crypto"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adhocOrder, returnOrder, startShiprocketEmulator, startWebhookReceiver } from "../../../bff/test/shiprocket.js"
import { shiprocketEmulator } from "./index.js"
import { EXAMPLE_PINCODES } from "./serviceability.js"
import type { TrackingWebhook } from "./webhook.js"
import { indiaDay } from "../../../bff/src/lib/india-time.js"

let emulator: Awaited<ReturnType<typeof startShiprocketEmulator>>

beforeAll(async () => {
  emulator = await startShiprocketEmulator()
})
afterAll(() => emulator.close())

async function call(apiUrl: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${apiUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "Content-Type": "application/json", ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text.startsWith("{") ? JSON.parse(text) : text,
    type: response.headers.get("content-type"),
    cacheControl: response.headers.get("cache-control"),
    policy: response.headers.get("content-security-policy"),
  }
}

async function tokenFor(target: { apiUrl: string; email: string; password: string }) {
  const login = await call(target.apiUrl, "/v1/external/auth/login", { body: { email: target.email, password: target.password } })
  expect(login.status).toBe(200)
  return login.body.token as string
}

/** A shipment with an AWB on the given emulator. */
async function shippable(target: Awaited<ReturnType<typeof startShiprocketEmulator>>) {
  const client = target.client()
  const order = adhocOrder()
  const shipment = await client.createOrder(order)
  const { awbCode } = await client.assignAwb(shipment.shipmentId)
  return { order, shipment, awb: awbCode }
}

/** A valid return order with a unique order_id: picked up from a shopper in Bengaluru, back to the warehouse in Mumbai. */

/** A return with its AWB on the given emulator. */
async function returnWithAwb(target: Awaited<ReturnType<typeof startShiprocketEmulator>>) {
  const client = target.client()
  const order = returnOrder()
  const shipment = await client.createReturn(order)
  const { awbCode } = await client.assignAwb(shipment.shipmentId, { isReturn: true })
  return { order, shipment, awb: awbCode }
}

describe("the Shiprocket emulator's API", () => {
  it("answers 401 without a token, with a bad one, and for a wrong password", async () => {
    const missing = await call(emulator.apiUrl, "/v1/external/orders/create/adhoc", { body: adhocOrder() })
    expect(missing).toMatchObject({ status: 401, body: { message: "Token not provided", status_code: 401 } })
    const bogus = await call(emulator.apiUrl, "/v1/external/courier/track/awb/1", { token: "made-up" })
    expect(bogus).toMatchObject({ status: 401, body: { status_code: 401 } })
    const wrong = await call(emulator.apiUrl, "/v1/external/auth/login", { body: { email: emulator.email, password: "guess" } })
    expect(wrong).toMatchObject({ status: 401, body: { message: "Invalid email and password combination" } })
    const empty = await call(emulator.apiUrl, "/v1/external/auth/login", { body: {} })
    expect(empty).toMatchObject({ status: 422, body: { errors: { email: ["The email field is required."], password: ["The password field is required."] } } })
  })

  it("refuses an invalid order with 422 and messages for each field", async () => {
    const token = await tokenFor(emulator)
    const order = adhocOrder({ payment_method: "Card" as "COD", billing_email: "nope", order_items: [{ name: "", sku: "X", units: 0, selling_price: 10 }] })
    const { billing_city: _city, ...withoutCity } = order
    const refused = await call(emulator.apiUrl, "/v1/external/orders/create/adhoc", { token, body: withoutCity })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ message: "Oops! Invalid Data.", status_code: 422 })
    expect(Object.keys(refused.body.errors).sort()).toEqual(["billing_city", "billing_email", "order_items.0.name", "order_items.0.units", "payment_method"])
    expect(refused.body.errors.billing_city).toEqual(["The billing city field is required."])
    expect(refused.body.errors.payment_method).toEqual(["The payment method must be COD or Prepaid."])
  })

  it("asks for the shipping address when it is not the billing one", async () => {
    const token = await tokenFor(emulator)
    const refused = await call(emulator.apiUrl, "/v1/external/orders/create/adhoc", { token, body: { ...adhocOrder(), shipping_is_billing: 0 } })
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.body.errors)).toContain("shipping_pincode")
    const accepted = await call(emulator.apiUrl, "/v1/external/orders/create/adhoc", {
      token,
      body: {
        ...adhocOrder(),
        shipping_is_billing: false,
        shipping_customer_name: "Ravi",
        shipping_address: "4 Park Street",
        shipping_city: "Kolkata",
        shipping_pincode: 700016,
        shipping_state: "West Bengal",
        shipping_country: "India",
        shipping_phone: 9123456780,
      },
    })
    expect(accepted).toMatchObject({ status: 200, body: { status: "NEW", status_code: 1, awb_code: null } })
  })

  it("answers an unknown shipment, an unknown path and bad JSON in Shiprocket's shape", async () => {
    const token = await tokenFor(emulator)
    expect(await call(emulator.apiUrl, "/v1/external/courier/assign/awb", { token, body: { shipment_id: 1 } })).toMatchObject({ status: 400 })
    expect(await call(emulator.apiUrl, "/v1/external/courier/assign/awb", { token, body: {} })).toMatchObject({
      status: 422,
      body: { errors: { shipment_id: ["The shipment id field is required."] } },
    })
    expect(await call(emulator.apiUrl, "/v1/external/orders")).toMatchObject({ status: 404, body: { status_code: 404 } })
    const broken = await fetch(`${emulator.apiUrl}/v1/external/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ status_code: 400 })
  })

  it("keeps its state in PostgreSQL, so a second process serves the same account", async () => {
    const second = await startShiprocketEmulator({ email: emulator.email, password: emulator.password })
    try {
      const { awb } = await shippable(emulator)
      const token = await tokenFor(emulator)
      const tracked = await call(second.apiUrl, `/v1/external/courier/track/awb/${awb}`, { token })
      expect(tracked.status).toBe(200)
      expect(tracked.body.tracking_data).toMatchObject({ track_status: 1, shipment_status: 1 })
      expect(tracked.body.tracking_data.track_url).toBe(`${second.apiUrl}/tracking/${awb}`)
    } finally {
      await second.close()
    }
  })

  it("keeps accounts apart", async () => {
    const other = await startShiprocketEmulator()
    try {
      const { awb } = await shippable(emulator)
      expect((await other.client().track(awb)).found).toBe(false)
    } finally {
      await other.close()
    }
  })

  it("serves a tracking page with the scans, its inline style allowed by hash alone, and 404 for an unknown AWB", async () => {
    const { awb } = await shippable(emulator)
    const page = await call(emulator.apiUrl, `/tracking/${awb}`)
    expect(page.status).toBe(200)
    expect(page.type).toMatch(/text\/html/)
    expect(page.cacheControl).toBe("no-store")
    expect(page.body).toContain(`Shipment ${awb}`)
    expect(page.body).toContain("AWB ASSIGNED")
    const style = /<style>(.*)<\/style>/.exec(page.body as string)![1]!
    expect(page.policy).toContain(`style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'`)
    expect(page.policy).not.toContain("unsafe-inline")
    expect((await call(emulator.apiUrl, "/tracking/123")).status).toBe(404)
  })
})

describe("the Shiprocket emulator's status hook", () => {
  it("moves a shipment on and sends the tracking webhook with the token, retrying after a 500", async () => {
    const receiver = await startWebhookReceiver([500])
    const own = await startShiprocketEmulator({ webhookUrl: receiver.url, webhookToken: "hook-token-1" })
    try {
      const { order, shipment, awb } = await shippable(own)
      const shipped = await call(own.apiUrl, `/test/shipments/${awb}/status`, { body: { status: "SHIPPED" } })
      expect(shipped).toMatchObject({ status: 200, body: { awb, current_status: "SHIPPED", webhook: { delivered: true, attempts: 2, lastStatus: 200 } } })
      expect(receiver.received).toHaveLength(2)
      expect(receiver.received.map((hook) => hook.headers["x-api-key"])).toEqual(["hook-token-1", "hook-token-1"])
      const webhook = receiver.received[1]!.body as TrackingWebhook
      expect(webhook).toMatchObject({
        awb,
        current_status: "SHIPPED",
        current_status_id: 6,
        shipment_status: "SHIPPED",
        shipment_status_id: 6,
        order_id: order.order_id,
        sr_order_id: shipment.shiprocketOrderId,
        is_return: 0,
      })
      expect(webhook.current_timestamp).toMatch(/^\d{2} \d{2} \d{4} \d{2}:\d{2}:\d{2}$/)
      expect(webhook.scans.map((scan) => scan["sr-status-label"])).toEqual(["AWB ASSIGNED", "SHIPPED"])

      for (const status of ["OUT FOR DELIVERY", "DELIVERED"]) {
        expect((await call(own.apiUrl, `/test/shipments/${awb}/status`, { body: { status } })).body.webhook.delivered).toBe(true)
      }
      expect(receiver.received.at(-1)!.body as TrackingWebhook).toMatchObject({ current_status: "DELIVERED", shipment_status_id: 7 })
      const tracking = await own.client().track(awb)
      expect(tracking).toMatchObject({ currentStatus: "Delivered", shipmentStatusId: 7 })
      expect(tracking.activities.map((scan) => scan.srStatusLabel)).toEqual(["DELIVERED", "OUT FOR DELIVERY", "SHIPPED", "AWB ASSIGNED"])
      expect((await call(own.apiUrl, `/tracking/${awb}`)).body).toContain('data-status="DELIVERED"')
    } finally {
      await own.close()
      await receiver.close()
    }
  })

  it("never moves a shipment back, and 404s an unknown AWB or 422s an unknown status", async () => {
    const { awb } = await shippable(emulator)
    expect((await call(emulator.apiUrl, `/test/shipments/${awb}/status`, { body: { status: "DELIVERED" } })).status).toBe(200)
    expect(await call(emulator.apiUrl, `/test/shipments/${awb}/status`, { body: { status: "SHIPPED" } })).toMatchObject({ status: 409 })
    expect((await call(emulator.apiUrl, "/test/shipments/1/status", { body: { status: "SHIPPED" } })).status).toBe(404)
    expect((await call(emulator.apiUrl, `/test/shipments/${awb}/status`, { body: { status: "LOST" } })).status).toBe(422)
  })

  it("gives up quietly after a few attempts when the receiver keeps failing", async () => {
    const receiver = await startWebhookReceiver([500, 502, 503, 500, 500])
    const own = await startShiprocketEmulator({ webhookUrl: receiver.url, webhookToken: "t" })
    try {
      const { awb } = await shippable(own)
      const moved = await call(own.apiUrl, `/test/shipments/${awb}/status`, { body: { status: "SHIPPED" } })
      expect(moved).toMatchObject({ status: 200, body: { webhook: { delivered: false, attempts: 4, lastStatus: 500 } } })
      expect(receiver.received).toHaveLength(4)
      expect((await own.client().track(awb)).currentStatus).toBe("Shipped")
    } finally {
      await own.close()
      await receiver.close()
    }
  })

  it("sends the webhook only to its configured URL, whatever Host the hook is called with", async () => {
    const configured = await startWebhookReceiver()
    const named = await startWebhookReceiver()
    const own = await startShiprocketEmulator({ webhookUrl: configured.url, webhookToken: "configured-only" })
    try {
      const { awb } = await shippable(own)
      const moved = await request(new URL(own.apiUrl).origin)
        .post(`/emulator/shiprocket/test/shipments/${awb}/status`)
        .set("Host", new URL(named.url).host)
        .send({ status: "SHIPPED" })
      expect(moved.body.webhook).toMatchObject({ delivered: true, attempts: 1 })
      expect(configured.received.map(({ headers, body }) => [headers["x-api-key"], (body as TrackingWebhook).awb])).toEqual([["configured-only", awb]])
      expect(named.received).toEqual([])
    } finally {
      await own.close()
      await configured.close()
      await named.close()
    }
  })

  it("refuses a webhook URL Shiprocket's panel would refuse", () => {
    const options = { email: "a@b.test", password: "p", db: emulator.db }
    expect(() => shiprocketEmulator({ ...options, webhookUrl: "http://127.0.0.1/api/shiprocket/webhook" })).toThrowError(/refuses webhook URLs/)
    expect(() => shiprocketEmulator({ ...options, webhookUrl: "http://127.0.0.1/api/payments/sr-hook" })).toThrowError(/refuses webhook URLs/)
    expect(() => shiprocketEmulator({ ...options, webhookUrl: "/api/fulfillment/tracking-webhook" })).toThrowError(/must be absolute/)
  })
})

describe("the Shiprocket emulator's courier serviceability", () => {
  const lane = (delivery: string, cod: 0 | 1 = 0, pickup = "400001") =>
    `/v1/external/courier/serviceability/?pickup_postcode=${pickup}&delivery_postcode=${delivery}&weight=0.5&cod=${cod}`
  const indiaDayAfter = (days: number) => indiaDay(Date.now() + days * 86_400_000)

  it("answers the couriers for a served pincode in Shiprocket's shape: cash on delivery, days by distance, the place", async () => {
    const token = await tokenFor(emulator)
    const far = await call(emulator.apiUrl, lane("560001"), { token })
    expect(far.status).toBe(200)
    expect(far.body).toMatchObject({ status: 200, currency: "INR", data: { recommended_courier_company_id: 1, blocked_courier_companies: [] } })
    const [surface, air] = far.body.data.available_courier_companies
    expect(surface).toMatchObject({
      courier_company_id: 1,
      courier_name: "Emulated Surface",
      cod: 1,
      estimated_delivery_days: "4",
      city: "Bengaluru",
      state: "Karnataka",
      postcode: "560001",
      blocked: 0,
    })
    expect(surface.etd).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/)
    expect(air).toMatchObject({ courier_company_id: 2, cod: 1, estimated_delivery_days: "3" })
    // Within the pickup's postal zone two days; the farther zones up to six.
    expect((await call(emulator.apiUrl, lane("400050"), { token })).body.data.available_courier_companies[0].estimated_delivery_days).toBe("2")
    expect((await call(emulator.apiUrl, lane("110024"), { token })).body.data.available_courier_companies[0].estimated_delivery_days).toBe("6")
  })

  it("answers 404 'not serviceable' where no courier goes, and prepaid couriers only where none collects cash", async () => {
    const token = await tokenFor(emulator)
    for (const pincode of [EXAMPLE_PINCODES.unserved, "900001", "354321"]) {
      expect(await call(emulator.apiUrl, lane(pincode), { token }), pincode).toMatchObject({
        status: 404,
        body: { status: 404, message: "Delivery postcode not serviceable" },
      })
    }
    const prepaid = await call(emulator.apiUrl, lane(EXAMPLE_PINCODES.withoutCod), { token })
    expect(prepaid.status).toBe(200)
    expect(prepaid.body.data.available_courier_companies.map((courier: { cod: number }) => courier.cod)).toEqual([0, 0])
    expect(prepaid.body.data.available_courier_companies[0]).toMatchObject({ city: "Imphal", state: "Manipur" })
    expect(await call(emulator.apiUrl, lane(EXAMPLE_PINCODES.withoutCod, 1), { token })).toMatchObject({ status: 404, body: { status: 404 } })
    expect((await call(emulator.apiUrl, lane(EXAMPLE_PINCODES.servedWithCod, 1), { token })).status).toBe(200)
  })

  it("needs a token and refuses a malformed query with 422 and messages for each field", async () => {
    expect(await call(emulator.apiUrl, lane("560001"))).toMatchObject({ status: 401, body: { message: "Token not provided" } })
    const token = await tokenFor(emulator)
    const refused = await call(emulator.apiUrl, "/v1/external/courier/serviceability/?pickup_postcode=400001&delivery_postcode=5600&cod=2", { token })
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual({
      delivery_postcode: ["The delivery postcode must be 6 digits."],
      weight: ["The weight field is required."],
      cod: ["The cod must be 0 or 1."],
    })
  })

  it("serves, with cash on delivery, every pincode the shop's tests and demo ship to", async () => {
    const client = emulator.client()
    for (const pincode of [
      "400050",
      "560001",
      "560038",
      "560025",
      "110024",
      "110001",
      "700016",
      "700019",
      "411001",
      "600017",
      "682016",
      "380009",
      "302001",
      "160017",
      "500034",
      "575003",
    ]) {
      const { couriers } = await client.serviceability({ pickupPincode: "400001", deliveryPincode: pincode, weightKg: 0.5, cod: false })
      expect(couriers.length, pincode).toBeGreaterThan(0)
      expect(
        couriers.every((courier) => courier.cod),
        pincode,
      ).toBe(true)
    }
  })

  it("is read by the client: couriers with cash on delivery, days, the day as yyyy-mm-dd and the place; none where not served", async () => {
    const client = emulator.client()
    const served = await client.serviceability({ pickupPincode: "400001", deliveryPincode: "560001", weightKg: 0.5, cod: false })
    expect(served.recommendedCourierId).toBe(1)
    expect(served.couriers[0]).toEqual({
      courierCompanyId: 1,
      courierName: "Emulated Surface",
      cod: true,
      estimatedDeliveryDays: 4,
      etd: indiaDayAfter(4),
      city: "Bengaluru",
      state: "Karnataka",
    })
    const withoutCod = await client.serviceability({ pickupPincode: "400001", deliveryPincode: EXAMPLE_PINCODES.withoutCod, weightKg: 0.5, cod: false })
    expect(withoutCod.couriers.map((courier) => courier.cod)).toEqual([false, false])
    expect(await client.serviceability({ pickupPincode: "400001", deliveryPincode: EXAMPLE_PINCODES.unserved, weightKg: 0.5, cod: false })).toEqual({
      couriers: [],
      recommendedCourierId: null,
    })
    // A pickup no courier serves is a misconfiguration, never "we don't deliver there".
    await expect(
      client.serviceability({ pickupPincode: EXAMPLE_PINCODES.unserved, deliveryPincode: "560001", weightKg: 0.5, cod: false }),
    ).rejects.toMatchObject({ name: "ShiprocketError", status: 404 })
  })

  it("is read by the client as not served from a 200 carrying Shiprocket's 404, and as a failure from any other 404", async () => {
    let reply: { status: number; body: unknown } = { status: 200, body: { status: 404, message: "Delivery postcode not serviceable" } }
    const own = await startShiprocketEmulator({
      mount: (app) =>
        app.get("/emulator/shiprocket/v1/external/courier/serviceability", (_req, res) => {
          res.status(reply.status).json(reply.body)
        }),
    })
    try {
      const ask = () => own.client().serviceability({ pickupPincode: "400001", deliveryPincode: "560001", weightKg: 0.5, cod: false })
      expect(await ask()).toEqual({ couriers: [], recommendedCourierId: null })
      reply = { status: 404, body: { message: "404 Not Found", status_code: 404 } }
      await expect(ask()).rejects.toMatchObject({ name: "ShiprocketError", status: 404, retryable: false })
      reply = {
        status: 200,
        body: { status: 200, data: { available_courier_companies: [{ courier_company_id: 7, cod: 1, blocked: 1, etd: "Jan 05, 2027" }] } },
      }
      expect((await ask()).couriers).toEqual([])
      reply = { status: 502, body: { message: "Bad Gateway" } }
      await expect(ask()).rejects.toMatchObject({ status: 502, retryable: true })
    } finally {
      await own.close()
    }
  })
})

describe("the Shiprocket emulator's return orders (reverse pickups)", () => {
  it("books a return, its AWB and its pickup, and sends each return status with is_return: 1 to the webhook", async () => {
    const receiver = await startWebhookReceiver()
    const own = await startShiprocketEmulator({ webhookUrl: receiver.url, webhookToken: "return-hook" })
    try {
      const client = own.client()
      const order = returnOrder()
      const shipment = await client.createReturn(order)
      expect(shipment).toMatchObject({ status: "RETURN PENDING", awbCode: null, courierName: null })

      const awb = await client.assignAwb(shipment.shipmentId, { isReturn: true })
      expect(awb.awbCode).toMatch(/^\d{14}$/)
      const { pickupDate } = await client.schedulePickup(shipment.shipmentId)
      expect(pickupDate).toBe(indiaDay(Date.now() + 86_400_000))
      expect(await client.schedulePickup(shipment.shipmentId)).toEqual({ pickupDate })
      expect(await client.track(awb.awbCode)).toMatchObject({ found: true, shipmentStatusId: 23, currentStatus: "Return Pickup Queued" })

      const statuses = ["RETURN PICKUP GENERATED", "RETURN PICKED UP", "RETURN DELIVERED"]
      for (const status of statuses) {
        const moved = await call(own.apiUrl, `/test/shipments/${awb.awbCode}/status`, { body: { status } })
        expect(moved).toMatchObject({ status: 200, body: { current_status: status, webhook: { delivered: true, attempts: 1 } } })
      }
      const webhooks = receiver.received.map((hook) => hook.body as TrackingWebhook)
      expect(webhooks.map((hook) => [hook.current_status, hook.current_status_id, hook.shipment_status])).toEqual([
        ["RETURN PICKUP GENERATED", 28, "RETURN PICKUP GENERATED"],
        ["RETURN PICKED UP", 32, "RETURN PICKED UP"],
        ["RETURN DELIVERED", 26, "RETURN DELIVERED"],
      ])
      for (const hook of webhooks) {
        expect(hook).toMatchObject({ awb: awb.awbCode, order_id: order.order_id, sr_order_id: shipment.shiprocketOrderId, is_return: 1 })
        expect(hook.pickup_scheduled_date).toBe(`${pickupDate} 10:00:00`)
      }
      expect(receiver.received.every((hook) => hook.headers["x-api-key"] === "return-hook")).toBe(true)
      expect(webhooks.at(-1)!.scans.map((scan) => [scan["sr-status-label"], scan.location])).toEqual([
        ["AWB ASSIGNED", "Bengaluru (Karnataka)"],
        ["RETURN PICKUP QUEUED", "Bengaluru (Karnataka)"],
        ["RETURN PICKUP GENERATED", "Bengaluru (Karnataka)"],
        ["RETURN PICKED UP", "Bengaluru (Karnataka)"],
        ["RETURN DELIVERED", "Mumbai (Maharashtra)"],
      ])

      const tracking = await client.track(awb.awbCode)
      expect(tracking).toMatchObject({ found: true, shipmentStatusId: 26, currentStatus: "Return Delivered" })
      const page = await call(own.apiUrl, `/tracking/${awb.awbCode}`)
      expect(page.body).toContain(`Return shipment ${awb.awbCode}`)
      expect(page.body).toContain('data-status="RETURN DELIVERED"')
    } finally {
      await own.close()
      await receiver.close()
    }
  })

  it("answers a return sent again under its order_id with Shiprocket's 422, and the client with the first return and its AWB", async () => {
    const token = await tokenFor(emulator)
    const order = returnOrder()
    const first = await call(emulator.apiUrl, "/v1/external/orders/create/return", { token, body: order })
    expect(first).toMatchObject({ status: 200, body: { status: "RETURN PENDING", status_code: 21 } })
    const again = await call(emulator.apiUrl, "/v1/external/orders/create/return", { token, body: { ...order, sub_total: 1 } })
    expect(again).toMatchObject({ status: 422, body: { message: "Oops! Invalid Data.", errors: { order_id: ["The order id has already been taken."] } } })

    const client = emulator.client()
    const found = await client.createReturn(order)
    expect(found).toMatchObject({ shiprocketOrderId: first.body.order_id, shipmentId: first.body.shipment_id, status: "RETURN PENDING", awbCode: null })
    const awb = await client.assignAwb(found.shipmentId, { isReturn: true })
    expect(await client.createReturn(order)).toMatchObject({
      shipmentId: found.shipmentId,
      awbCode: awb.awbCode,
      courierName: awb.courierName,
      status: "AWB ASSIGNED",
    })

    const fresh = returnOrder()
    const [one, two] = await Promise.all([client.createReturn(fresh), client.createReturn(fresh)])
    expect(two!.shipmentId).toBe(one!.shipmentId)
  })

  it("refuses an invalid return with 422 and messages for each field", async () => {
    const token = await tokenFor(emulator)
    const { pickup_city: _city, ...withoutCity } = returnOrder({
      pickup_pincode: "5600",
      shipping_phone: "12",
      payment_method: "COD" as "PREPAID",
      order_items: [],
    })
    const refused = await call(emulator.apiUrl, "/v1/external/orders/create/return", { token, body: withoutCity })
    expect(refused).toMatchObject({ status: 422, body: { message: "Oops! Invalid Data.", status_code: 422 } })
    expect(refused.body.errors).toEqual({
      pickup_city: ["The pickup city field is required."],
      pickup_pincode: ["The pickup pincode must be 6 digits."],
      shipping_phone: ["The shipping phone must be 10 digits."],
      order_items: ["The order items must have at least one item."],
      payment_method: ["The payment method must be Prepaid."],
    })
    const failure = await emulator
      .client()
      .createReturn(returnOrder({ pickup_email: "nope" }))
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({
      name: "ShiprocketError",
      status: 422,
      retryable: false,
      fieldErrors: { pickup_email: [expect.stringMatching(/pickup email/)] },
    })
  })

  it("keeps returns apart from orders: AWBs asked for with is_return, statuses of their own kind, order_ids taken for both", async () => {
    const token = await tokenFor(emulator)
    const { order, awb } = await returnWithAwb(emulator)
    const forward = await shippable(emulator)

    for (const status of ["SHIPPED", "DELIVERED"]) {
      expect(await call(emulator.apiUrl, `/test/shipments/${awb}/status`, { body: { status } })).toMatchObject({ status: 409 })
    }
    expect(await call(emulator.apiUrl, `/test/shipments/${forward.awb}/status`, { body: { status: "RETURN PICKED UP" } })).toMatchObject({ status: 409 })
    expect((await emulator.client().track(forward.awb)).currentStatus).toBe("AWB Assigned")

    const unassigned = await emulator.client().createReturn(returnOrder())
    expect(await call(emulator.apiUrl, "/v1/external/courier/assign/awb", { token, body: { shipment_id: unassigned.shipmentId } })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/is a return: send is_return: 1/) },
    })
    expect(
      await call(emulator.apiUrl, "/v1/external/courier/assign/awb", { token, body: { shipment_id: forward.shipment.shipmentId, is_return: 1 } }),
    ).toMatchObject({
      status: 400,
    })
    expect(await call(emulator.apiUrl, "/v1/external/courier/generate/pickup", { token, body: { shipment_id: [unassigned.shipmentId] } })).toMatchObject({
      status: 400,
    })
    expect(await call(emulator.apiUrl, "/v1/external/orders/create/adhoc", { token, body: adhocOrder({ order_id: order.order_id }) })).toMatchObject({
      status: 422,
      body: { errors: { order_id: ["The order id has already been taken."] } },
    })
    expect(await call(emulator.apiUrl, "/v1/external/orders/create/return", { token, body: returnOrder({ order_id: forward.order.order_id }) })).toMatchObject({
      status: 422,
    })
  })

  it("moves a return only forward, and cancels it only before it is picked up", async () => {
    const move = (awb: string, status: string) => call(emulator.apiUrl, `/test/shipments/${awb}/status`, { body: { status } })
    const picked = await returnWithAwb(emulator)
    expect((await move(picked.awb, "RETURN OUT FOR PICKUP")).status).toBe(200)
    expect((await move(picked.awb, "RETURN PICKUP GENERATED")).status).toBe(409)
    expect((await move(picked.awb, "RETURN PICKED UP")).status).toBe(200)
    expect(await move(picked.awb, "RETURN CANCELLED")).toMatchObject({ status: 409, body: { message: expect.stringMatching(/is RETURN PICKED UP/) } })

    const cancelled = await returnWithAwb(emulator)
    expect((await move(cancelled.awb, "RETURN PICKUP GENERATED")).status).toBe(200)
    expect((await move(cancelled.awb, "RETURN CANCELLED")).body).toMatchObject({ current_status: "RETURN CANCELLED" })
    expect((await move(cancelled.awb, "RETURN PICKED UP")).status).toBe(409)
    expect(await emulator.client().track(cancelled.awb)).toMatchObject({ shipmentStatusId: 27, currentStatus: "Return Cancelled" })
  })

  it("lists the account's returns newest first, a page at a time", async () => {
    const own = await startShiprocketEmulator()
    try {
      const token = await tokenFor(own)
      const client = own.client()
      const first = await client.createReturn(returnOrder())
      const second = await client.createReturn(returnOrder())
      await client.createOrder(adhocOrder())
      const listed = await call(own.apiUrl, "/v1/external/orders/processing/return?per_page=1&page=2", { token })
      expect(listed.status).toBe(200)
      expect(listed.body.meta.pagination).toMatchObject({ total: 2, count: 1, per_page: 1, current_page: 2, total_pages: 2 })
      expect(listed.body.data).toMatchObject([{ id: first.shiprocketOrderId, shipment_id: first.shipmentId, status: "RETURN PENDING", status_code: 21 }])
      expect((await call(own.apiUrl, "/v1/external/orders/processing/return", { token })).body.data.map((entry: { id: number }) => entry.id)).toEqual([
        second.shiprocketOrderId,
        first.shiprocketOrderId,
      ])
    } finally {
      await own.close()
    }
  })
})
