import express, { Router, type Request, type RequestHandler } from "express"
import { z } from "zod"
import { noStore } from "../../../bff/src/http/no-store.js"
import type { Db } from "../../../bff/src/lib/db.js"
import { sameBytes } from "../../../bff/src/lib/tokens.js"
import { adhocOrderSchema, flag } from "./order-schema.js"
import { assignedAwb, createdOrder, createdReturn, noTracking, returnListEntry, scheduledPickup, tracking } from "./presenters.js"
import { ShiprocketReply, parseOr422, shiprocketErrors, shiprocketNotFound } from "./replies.js"
import { returnOrderSchema } from "./return-order-schema.js"
import { serviceabilityAnswer, serviceabilityQuerySchema } from "./serviceability.js"
import { MOVABLE_RETURN_STATUSES, MOVABLE_STATUSES, shiprocketTime } from "./statuses.js"
import { isAssigned, shiprocketStore } from "./store.js"
import { TRACKING_PAGE_POLICY, trackingPage } from "./tracking-page.js"
import { checkWebhookUrl, deliverWebhook, trackingWebhook } from "./webhook.js"

export type ShiprocketEmulatorOptions = {
  /** The one API user the emulator knows. */
  email: string
  password: string
  /**
   * Where tracking webhooks go (an absolute URL from configuration); without one none are sent. Never taken from
   * the request: the webhook carries the token, and a caller names whatever Host it likes.
   */
  webhookUrl?: string | undefined
  /** Sent as `x-api-key` with every webhook, as Shiprocket's panel setting does. */
  webhookToken?: string | undefined
  db: Db
  /** Webhook retries wait this, then twice as long each time. */
  webhookRetryDelayMs?: number
}

const loginSchema = z.object({ email: z.string().trim().min(1), password: z.string().min(1) })
const shipmentId = z.coerce.number().int().positive()
const assignSchema = z.object({ shipment_id: shipmentId, courier_id: z.coerce.number().int().optional(), is_return: flag.optional() })
const pickupSchema = z.object({ shipment_id: z.union([shipmentId, z.array(shipmentId).min(1).max(50)]).transform((ids) => [ids].flat()) })
const returnListSchema = z.object({ page: z.coerce.number().int().min(1).default(1), per_page: z.coerce.number().int().min(1).max(100).default(15) })
const moveSchema = z.object({ status: z.enum([...MOVABLE_STATUSES, ...MOVABLE_RETURN_STATUSES]) })

/** Shiprocket's documented answer to a second order (or return) under an order_id it already has. */
const orderIdTaken = () => new ShiprocketReply(422, "Oops! Invalid Data.", { order_id: ["The order id has already been taken."] })

const originOf = (req: Request) => `${req.protocol}://${req.get("host")}`

/** The tracking page's address as seen by whoever called, so the link works wherever the emulator is reached from. */
const trackingPageUrl = (req: Request, awb: string) => `${originOf(req)}${req.baseUrl}/tracking/${encodeURIComponent(awb)}`

/**
 * A local Shiprocket for development and tests, mounted at /emulator/shiprocket (never in production): token login,
 * adhoc orders, return orders (reverse pickups), AWB assignment, pickup booking, tracking, courier serviceability
 * (serviceability.ts says which pincodes are served and which without cash on delivery), a tracking page, and test
 * hooks that move a shipment on and send the tracking webhook. Its state lives in the `emulator_shiprocket` schema,
 * shared by every BFF process.
 */
export function shiprocketEmulator(options: ShiprocketEmulatorOptions): Router {
  if (options.webhookUrl) checkWebhookUrl(options.webhookUrl)
  const account = options.email.trim().toLowerCase()
  const store = shiprocketStore(options.db, account)
  // Made now so the first call is quick; if the database is not there yet, the first request tries again.
  store.ready().catch(() => undefined)

  const requireToken: RequestHandler = async (req, _res, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "")?.[1]
    if (!token) throw new ShiprocketReply(401, "Token not provided")
    if (!(await store.tokenIsValid(token))) throw new ShiprocketReply(401, "Token has expired or is invalid")
    next()
  }

  const router = Router()
  router.use(express.json({ limit: "1mb" }))

  router.post("/v1/external/auth/login", async (req, res) => {
    const { email, password } = parseOr422(loginSchema, req.body)
    const emailMatches = sameBytes(email.toLowerCase(), account)
    const passwordMatches = sameBytes(password, options.password)
    if (!emailMatches || !passwordMatches) throw new ShiprocketReply(401, "Invalid email and password combination")
    const token = await store.issueToken()
    res.json({ id: 1, first_name: "API", last_name: "User", email: account, company_id: 1, created_at: shiprocketTime(new Date()), token })
  })

  router.post("/v1/external/orders/create/adhoc", requireToken, async (req, res) => {
    const { shipment } = await store.createOrder(parseOr422(adhocOrderSchema, req.body))
    if (shipment.isReturn) throw orderIdTaken()
    res.json(createdOrder(shipment))
  })

  // Shiprocket's documentation answers a second return under the same order_id with 422; the client then finds the
  // first in the list of returns below.
  router.post("/v1/external/orders/create/return", requireToken, async (req, res) => {
    const shipment = await store.createReturn(parseOr422(returnOrderSchema, req.body))
    if (!shipment) throw orderIdTaken()
    res.json(createdReturn(shipment))
  })

  router.get("/v1/external/orders/processing/return", requireToken, async (req, res) => {
    const { page, per_page: perPage } = parseOr422(returnListSchema, req.query)
    const { returns, total } = await store.listReturns(page, perPage)
    res.json({
      data: returns.map(returnListEntry),
      meta: { pagination: { total, count: returns.length, per_page: perPage, current_page: page, total_pages: Math.ceil(total / perPage) } },
    })
  })

  // A return's AWB is asked for with is_return: 1; the emulator refuses a mismatch so a caller that forgets it is caught.
  router.post("/v1/external/courier/assign/awb", requireToken, async (req, res) => {
    const { shipment_id: shipmentId, is_return: isReturn = false } = parseOr422(assignSchema, req.body)
    const found = await store.findByShipmentId(shipmentId)
    if (!found) throw new ShiprocketReply(400, `Shipment id ${shipmentId} does not exist.`)
    if (found.isReturn !== isReturn) {
      throw new ShiprocketReply(
        400,
        found.isReturn ? `Shipment id ${shipmentId} is a return: send is_return: 1.` : `Shipment id ${shipmentId} is not a return.`,
      )
    }
    const shipment = await store.assignAwb(shipmentId)
    if (!shipment) throw new ShiprocketReply(400, `Shipment id ${shipmentId} does not exist.`)
    res.json(assignedAwb(shipment))
  })

  router.post("/v1/external/courier/generate/pickup", requireToken, async (req, res) => {
    const { shipment_id: shipmentIds } = parseOr422(pickupSchema, req.body)
    const scheduled = []
    for (const id of shipmentIds) {
      const shipment = await store.findByShipmentId(id)
      if (!shipment) throw new ShiprocketReply(400, `Shipment id ${id} does not exist.`)
      if (!isAssigned(shipment)) throw new ShiprocketReply(400, `Shipment id ${id} has no AWB yet: assign one before generating its pickup.`)
      scheduled.push(await store.schedulePickup(shipment))
    }
    res.json(scheduledPickup(scheduled[0]!))
  })

  router.get("/v1/external/courier/track/awb/:awb", requireToken, async (req, res) => {
    const shipment = await store.findByAwb(String(req.params.awb))
    res.json(isAssigned(shipment) ? tracking(shipment, trackingPageUrl(req, shipment.awbCode)) : noTracking)
  })

  router.get("/v1/external/courier/serviceability", requireToken, (req, res) => {
    const { status, body } = serviceabilityAnswer(parseOr422(serviceabilityQuerySchema, req.query))
    res.status(status).json(body)
  })

  router.get("/tracking/:awb", noStore, async (req, res) => {
    const shipment = await store.findByAwb(String(req.params.awb))
    if (!isAssigned(shipment)) {
      res.status(404).type("html").send("<!doctype html><title>Not found</title><p>No shipment has this AWB.</p>")
      return
    }
    res.type("html").set("Content-Security-Policy", TRACKING_PAGE_POLICY).send(trackingPage(shipment))
  })

  // Test hooks: what the courier and ten days passing would do.
  router.post("/test/shipments/:awb/status", async (req, res) => {
    const awb = String(req.params.awb)
    const { status } = parseOr422(moveSchema, req.body)
    const result = await store.moveTo(awb, status)
    if ("missing" in result) throw new ShiprocketReply(404, `No shipment has AWB ${awb}.`)
    if ("backwards" in result) throw new ShiprocketReply(409, `Shipment ${awb} is ${result.backwards.status}; it cannot go back to ${status}.`)
    if ("otherKind" in result) {
      const kind = result.otherKind.isReturn ? "a return; it takes only RETURN statuses" : "not a return; it takes no RETURN status"
      throw new ShiprocketReply(409, `Shipment ${awb} is ${kind}, not ${status}.`)
    }
    const webhook = options.webhookUrl
      ? await deliverWebhook(options.webhookUrl, options.webhookToken, trackingWebhook(result.moved), {
          firstDelayMs: options.webhookRetryDelayMs,
        })
      : { delivered: false, attempts: 0 }
    res.json({ awb, current_status: status, webhook })
  })

  router.post("/test/tokens/expire", async (_req, res) => {
    res.json({ expired: await store.expireTokens() })
  })

  router.use(shiprocketNotFound)
  router.use(shiprocketErrors)
  return router
}
