import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adhocOrder, returnOrder, startShiprocketEmulator } from "../../test/shiprocket.js"
import { indiaDay } from "./india-time.js"
import { ShiprocketError, shiprocketClient } from "./shiprocket.js"

let emulator: Awaited<ReturnType<typeof startShiprocketEmulator>>

beforeAll(async () => {
  emulator = await startShiprocketEmulator()
})
afterAll(() => emulator.close())

const count = (calls: string[], path: string) => calls.filter((call) => call.endsWith(path)).length

describe("the Shiprocket client", () => {
  it("logs in, creates an order, assigns an AWB and tracks it", async () => {
    const client = emulator.client()
    const order = adhocOrder({ payment_method: "COD" })
    const shipment = await client.createOrder(order)
    expect(shipment).toMatchObject({ status: "NEW", awbCode: null, courierName: null })
    expect(shipment.shipmentId).toBeGreaterThan(0)
    expect(shipment.shiprocketOrderId).toBeGreaterThan(0)

    const awb = await client.assignAwb(shipment.shipmentId)
    expect(awb.awbCode).toMatch(/^\d{14}$/)
    expect(awb.courierName).toBeTruthy()
    expect(awb.trackingUrl).toBe(`${emulator.apiUrl}/tracking/${awb.awbCode}`)

    const tracking = await client.track(awb.awbCode)
    expect(tracking).toMatchObject({ awb: awb.awbCode, found: true, shipmentStatusId: 1, currentStatus: "AWB Assigned" })
    expect(tracking.activities.map((scan) => scan.srStatusLabel)).toEqual(["AWB ASSIGNED"])
  })

  it("treats an order_id sent again as the same shipment, and an AWB asked for again as the same AWB", async () => {
    const client = emulator.client()
    const order = adhocOrder()
    const [first, second] = await Promise.all([client.createOrder(order), client.createOrder(order)])
    expect(second.shipmentId).toBe(first!.shipmentId)
    const awb = await client.assignAwb(first!.shipmentId)
    expect((await client.assignAwb(first!.shipmentId)).awbCode).toBe(awb.awbCode)
    const again = await client.createOrder({ ...order, sub_total: 1 })
    expect(again).toMatchObject({ shipmentId: first!.shipmentId, shiprocketOrderId: first!.shiprocketOrderId, awbCode: awb.awbCode, status: "AWB ASSIGNED" })
  })

  it("shares one login between calls made at once, and reuses the token", async () => {
    const client = emulator.client()
    const before = count(emulator.calls, "/auth/login")
    await Promise.all([client.createOrder(adhocOrder()), client.createOrder(adhocOrder()), client.track("00000000000000")])
    await client.createOrder(adhocOrder())
    expect(count(emulator.calls, "/auth/login") - before).toBe(1)
  })

  it("logs in once more when its token has expired, and carries on", async () => {
    const own = await startShiprocketEmulator()
    try {
      const client = own.client()
      const shipment = await client.createOrder(adhocOrder())
      const expired = (await fetch(`${own.apiUrl}/test/tokens/expire`, { method: "POST" }).then((r) => r.json())) as { expired: number }
      expect(expired.expired).toBe(1)
      const awb = await client.assignAwb(shipment.shipmentId)
      expect(awb.awbCode).toBeTruthy()
      expect(count(own.calls, "/auth/login")).toBe(2)
      expect(count(own.calls, "/courier/assign/awb")).toBe(2)
    } finally {
      await own.close()
    }
  })

  it("gives up with the 401 when the fresh token is refused too, after one new login", async () => {
    const own = await startShiprocketEmulator()
    try {
      const client = own.client()
      await client.createOrder(adhocOrder())
      own.control.failTracking = true
      const failure = await client.track("77000000000000").catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ShiprocketError)
      expect(failure).toMatchObject({ status: 401, retryable: false })
      expect(count(own.calls, "/auth/login")).toBe(2)
      expect(own.calls.filter((call) => call.includes("/courier/track/"))).toHaveLength(2)
    } finally {
      await own.close()
    }
  })

  it("fails with a 401 naming the cause when the credentials are wrong", async () => {
    const client = emulator.client({ password: "not-the-password" })
    const failure = await client.createOrder(adhocOrder()).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ShiprocketError)
    expect(failure).toMatchObject({ status: 401, retryable: false })
    expect((failure as Error).message).toMatch(/auth\/login answered 401: Invalid email and password combination/)
  })

  it("reports a refused order with Shiprocket's messages per field", async () => {
    const client = emulator.client()
    const order = adhocOrder({ billing_pincode: "12", order_items: [] })
    const failure = (await client.createOrder(order).catch((error: unknown) => error)) as ShiprocketError
    expect(failure).toBeInstanceOf(ShiprocketError)
    expect(failure.status).toBe(422)
    expect(failure.retryable).toBe(false)
    expect(Object.keys(failure.fieldErrors).sort()).toEqual(["billing_pincode", "order_items"])
    expect(failure.message).toMatch(/answered 422: Oops! Invalid Data\.; billing_pincode: The billing pincode must be 6 digits\./)
  })

  it("says when Shiprocket has no tracking for an AWB", async () => {
    const tracking = await emulator.client().track("99999999999999")
    expect(tracking).toMatchObject({ found: false, currentStatus: null, activities: [] })
  })

  it("times out a call that never answers, as a retryable error", async () => {
    const silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    try {
      const apiUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
      const client = shiprocketClient({ apiUrl, email: "a@b.test", password: "x", timeoutMs: 150 })
      const failure = await client.createOrder(adhocOrder()).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ShiprocketError)
      expect(failure).toMatchObject({ status: undefined, retryable: true })
      expect((failure as Error).message).toMatch(/POST \/v1\/external\/auth\/login timed out after 150 ms/)
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  })

  it("books a return: creates it, asks for its AWB as a return's, and books the pickup for the next India day", async () => {
    const client = emulator.client()
    const shipment = await client.createReturn(returnOrder())
    expect(shipment).toMatchObject({ status: "RETURN PENDING", awbCode: null })
    const awb = await client.assignAwb(shipment.shipmentId, { isReturn: true })
    expect(awb.trackingUrl).toBe(`${emulator.apiUrl}/tracking/${awb.awbCode}`)
    expect(await client.schedulePickup(shipment.shipmentId)).toEqual({ pickupDate: indiaDay(Date.now() + 86_400_000) })
    // Without is_return the emulator refuses a return's shipment, as a reminder that Shiprocket needs it.
    await expect(client.assignAwb(shipment.shipmentId)).rejects.toMatchObject({ name: "ShiprocketError", status: 400, retryable: false })
  })

  it("finds the first return when Shiprocket says its order_id is taken, and fails retryably when the list does not show it", async () => {
    const own = await startShiprocketEmulator({
      mount: (app) => {
        app.post("/emulator/shiprocket/v1/external/orders/create/return", (_req, res) => {
          res.status(422).json({ message: "Oops! Invalid Data.", errors: { order_id: ["The order id has already been taken."] }, status_code: 422 })
        })
        app.get("/emulator/shiprocket/v1/external/orders/processing/return", (_req, res) => {
          res.json({ data: [], meta: { pagination: { total: 0, total_pages: 0 } } })
        })
      },
    })
    try {
      const failure = await own
        .client()
        .createReturn(returnOrder())
        .catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ShiprocketError)
      expect(failure).toMatchObject({ status: 422, retryable: true })
      expect((failure as Error).message).toMatch(/list of returns does not show it/)
      expect(count(own.calls, "/orders/processing/return")).toBe(1)
    } finally {
      await own.close()
    }
  })

  it("reads a refused return as not retryable, a pickup already queued as booked, and a 5xx as retryable", async () => {
    let pickupReply: { status: number; body: unknown } = { status: 400, body: { message: "Already in Pickup Queue.", status_code: 400 } }
    const own = await startShiprocketEmulator({
      mount: (app) =>
        app.post("/emulator/shiprocket/v1/external/courier/generate/pickup", (_req, res) => {
          res.status(pickupReply.status).json(pickupReply.body)
        }),
    })
    try {
      const client = own.client()
      const refused = await client.createReturn({ ...returnOrder(), pickup_pincode: "12" }).catch((error: unknown) => error)
      expect(refused).toMatchObject({
        name: "ShiprocketError",
        status: 422,
        retryable: false,
        fieldErrors: { pickup_pincode: ["The pickup pincode must be 6 digits."] },
      })
      expect(await client.schedulePickup(1)).toEqual({ pickupDate: null })
      pickupReply = { status: 200, body: { pickup_status: 0, message: "Pickup not generated" } }
      await expect(client.schedulePickup(1)).rejects.toMatchObject({ name: "ShiprocketError", retryable: true })
      pickupReply = { status: 502, body: { message: "Bad Gateway" } }
      await expect(client.schedulePickup(1)).rejects.toMatchObject({ name: "ShiprocketError", status: 502, retryable: true })
    } finally {
      await own.close()
    }
  })

  it("links to Shiprocket's public tracking page by default", () => {
    const client = shiprocketClient({ apiUrl: "https://apiv2.shiprocket.in", email: "a@b.test", password: "x" })
    expect(client.trackingUrl("19041424751540")).toBe("https://shiprocket.co/tracking/19041424751540")
  })
})
