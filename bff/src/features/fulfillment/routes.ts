import { orderIdSchema } from "@fitshop/contracts"
import { Router } from "express"
import { z } from "zod"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import type { RequestHandler } from "express"
import { notFound, unauthorized } from "../../http/errors.js"
import { validated } from "../../http/validate.js"
import { transaction, type Db } from "../../lib/db.js"
import { enqueueJobOnce } from "../../lib/jobs.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { perUserAndAddress, rateLimit } from "../../http/rate-limit.js"
import type { Logger } from "../../lib/logger.js"
import type { EventBus } from "../../lib/event-bus.js"
import { sameBytes } from "../../lib/tokens.js"
import { DISPATCH_JOB } from "./dispatch.js"
import { orderById, orderByTrackingId, type OrderCommands, type OrderStatus } from "../orders/index.js"
import { undoOrderEarnings } from "../referrals/index.js"

/** Shiprocket's shipment statuses while the parcel is packed and awaits the courier… */
const BEING_PACKED = new Set(["PICKUP SCHEDULED", "PICKUP GENERATED", "READY TO SHIP", "MANIFEST GENERATED", "OUT FOR PICKUP", "PICKUP QUEUED"])
/** …and once the courier has it. */
const WITH_COURIER = new Set(["SHIPPED", "PICKED UP", "IN TRANSIT", "OUT FOR DELIVERY", "REACHED AT DESTINATION HUB", "IN TRANSIT-AT DESTINATION HUB"])

export function orderStatusFor(shiprocketStatus: string): Extract<OrderStatus, "PROCESSING" | "SHIPPED" | "DELIVERED"> | undefined {
  const status = shiprocketStatus.trim().toUpperCase()
  if (status === "DELIVERED") return "DELIVERED"
  if (WITH_COURIER.has(status)) return "SHIPPED"
  if (BEING_PACKED.has(status)) return "PROCESSING"
  return undefined
}

const dispatchBody = z.object({ orderId: orderIdSchema }).passthrough()

const trackingUpdate = z
  .object({
    awb: z.union([z.string(), z.number()]).transform(String),
    current_status: z.string().optional(),
    shipment_status: z.string().optional(),
  })
  .passthrough()

const HOUR = 60 * 60_000
const DISPATCHES_PER_HOUR = 30

type Options = {
  db: Db
  authentication: Authentication
  limiter: RateLimiter
  webhookToken: string
  logger: Logger
  /** The order's moves on the courier's scans, each told in its transaction (the shopper's message, a COD invoice, referral earnings, Medusa's mirror). */
  orders: Pick<OrderCommands, "moveOn">
  /** Where scans of parcels that are no order's (a return's) and an ending (a refused cash-on-delivery parcel came back) are told. */
  events: Pick<EventBus, "parcelScanned" | "ended">
}

/** Shiprocket's return-to-origin statuses (RTO INITIATED, RTO IN TRANSIT, RTO DELIVERED, …): the parcel comes back to us. */
const isReturnToOrigin = (shiprocketStatus: string) => /^RTO\b/.test(shiprocketStatus.trim().toUpperCase())

/** The returned parcel reached us (RTO DELIVERED): the goods are back, so a sale that was never paid for is over. */
const isBackAtOrigin = (shiprocketStatus: string) => /^RTO[ _-]DELIVERED$/.test(shiprocketStatus.trim().toUpperCase())

/**
 * The client's dispatch call (accepted and idempotent: the BFF dispatches every order itself) and
 * Shiprocket's tracking webhook, which moves orders to SHIPPED and DELIVERED. The webhook's path
 * avoids the words Shiprocket's panel refuses in URLs.
 */
export function fulfillmentRoutes({ db, authentication, limiter, webhookToken, logger, orders, events }: Options): Router {
  const router = Router()
  // The client calls it once per order; more is a script.
  const dispatching = rateLimit(limiter, perUserAndAddress("dispatch", HOUR, DISPATCHES_PER_HOUR, DISPATCHES_PER_HOUR * 10))

  /** Shiprocket sends the token set in its panel as `x-api-key`. */
  const requireWebhookToken: RequestHandler = (req, _res, next) => {
    const token = req.get("x-api-key") ?? ""
    if (!token || !sameBytes(token, webhookToken)) throw unauthorized("Invalid webhook token")
    next()
  }

  router.post(
    "/fulfillment/shiprocket/dispatch",
    authentication.requireUser,
    dispatching,
    validated({ body: dispatchBody }, async (req, res, { body }) => {
      const order = await orderById(db, body.orderId)
      if (!order || order.userId !== currentUser(req).id) throw notFound("Order not found")
      // The placement in Medusa queued the dispatch already (or will); this only nudges it, and never runs a finished one again.
      if (order.medusaOrderId && !order.isTest && !order.trackingId && order.status !== "CANCELLED") {
        await enqueueJobOnce(db, DISPATCH_JOB, order.id)
      }
      res.status(202).json({ ok: true, orderId: order.id, trackingId: order.trackingId, trackingUrl: order.trackingUrl })
    }),
  )

  router.post(
    "/fulfillment/tracking-webhook",
    requireWebhookToken,
    validated({ body: trackingUpdate }, async (_req, res, { body: update }) => {
      const shiprocketStatus = update.shipment_status ?? update.current_status ?? ""
      const order = await orderByTrackingId(db, update.awb)
      // Shiprocket sends a return's scans to the same address: an AWB that is no order's may be a return's.
      if (!order) {
        await events.parcelScanned(update.awb, shiprocketStatus)
        res.json({ ok: true })
        return
      }
      const status = orderStatusFor(shiprocketStatus)
      if (status && (await transaction(db, (client) => orders.moveOn(client, order.id, status, { fromCourier: true })))) {
        logger.info({ orderId: order.id, status }, "order status from Shiprocket")
      }
      if (isReturnToOrigin(shiprocketStatus)) {
        await transaction(db, (client) => undoOrderEarnings(client, order.id))
        logger.info({ orderId: order.id }, "order returned to origin: its referral earnings and posts undone")
      }
      // A prepaid parcel that came back waits for ops (reship or refund); a refused cash-on-delivery one was never paid.
      if (order.paymentMethod === "cod" && isBackAtOrigin(shiprocketStatus)) await events.ended(order.id, "cancelled")
      // Shiprocket retries anything but a 200, so unknown AWBs and statuses we don't track are acknowledged too.
      res.json({ ok: true })
    }),
  )

  return router
}
