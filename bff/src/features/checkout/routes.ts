import type { CancelPaymentAnswer, PaymentsConfig, PlacedOrderAnswer } from "@fitshop/contracts"
import express, { Router, type Request } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { badRequest } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { onlyWhen, perUserAndAddress, rateLimit } from "../../http/rate-limit.js"
import { newAddressLimits } from "../addresses/index.js"
import { validated } from "../../http/validate.js"
import type { Logger } from "../../lib/logger.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { verifyWebhookSignature } from "../../lib/razorpay.js"
import { razorpayWebhookEvent } from "../../lib/razorpay-entities.js"
import type { RazorpaySettings } from "../../lib/razorpay-settings.js"
import { cancelPaymentPayload, COD_FEE_PAISE, checkoutPayload, verifyPayload } from "./schema.js"
import type { CheckoutService } from "./service.js"

type Options = {
  checkout: CheckoutService
  authentication: Authentication
  razorpay: Pick<RazorpaySettings, "keyId" | "checkoutScriptUrl">
  limiter: RateLimiter
}

const HOUR = 60 * 60_000
/**
 * Attempts to order (a Razorpay order made, or a cash-on-delivery checkout) each make a Medusa cart and hold
 * stock. A shopper retrying a failed payment or a sold-out size tries a handful of times; 20 an hour is a
 * script. The address gets ten shoppers' worth (a campus, an office, a carrier's NAT behind one address).
 */
const ORDER_ATTEMPTS_PER_HOUR = 20
const CANCELS_PER_HOUR = 30
const SHOPPERS_PER_ADDRESS = 10

/** The body asks to save a new address to the shopper's book (not a saved one chosen by id). */
function savesNewAddress(req: Request): boolean {
  const choice = (req.body as { shippingAddressSnapshot?: unknown } | undefined)?.shippingAddressSnapshot
  // As the payload's schema reads it: a choice with an id is a saved address, whatever else it carries.
  return typeof choice === "object" && choice !== null && !("id" in choice) && (choice as { save?: unknown }).save === true
}

/** The spec's payment and checkout calls (section 7). */
export function checkoutRoutes({ checkout, authentication, razorpay, limiter }: Options): Router {
  const router = Router()
  const { requireUser } = authentication
  // One budget for both ways of ordering, so switching between them gains nothing.
  const ordering = rateLimit(limiter, perUserAndAddress("order", HOUR, ORDER_ATTEMPTS_PER_HOUR, ORDER_ATTEMPTS_PER_HOUR * SHOPPERS_PER_ADDRESS))
  // Each cancel may ask Razorpay; a shopper closes the payment window a few times at most.
  const cancelling = rateLimit(limiter, perUserAndAddress("payment-cancel", HOUR, CANCELS_PER_HOUR, CANCELS_PER_HOUR * SHOPPERS_PER_ADDRESS))
  // A checkout that saves a new address spends the address book's budget too, as POST /addresses would.
  const savingAnAddress = onlyWhen(savesNewAddress, rateLimit(limiter, newAddressLimits()))

  router.get("/payments/config", requireUser, noStore, async (req, res) => {
    res.json({
      key: razorpay.keyId,
      checkoutScriptUrl: razorpay.checkoutScriptUrl,
      liveTestAvailable: await checkout.liveTestAvailable(currentUser(req).id),
      codFeePaise: COD_FEE_PAISE,
    } satisfies PaymentsConfig)
  })

  router.post(
    "/payments/create-order",
    requireUser,
    noStore,
    ordering,
    savingAnAddress,
    validated({ body: checkoutPayload }, async (req, res, { body }) => {
      res.status(201).json(await checkout.createPaymentOrder(currentUser(req).id, body))
    }),
  )

  router.post(
    "/payments/verify",
    requireUser,
    noStore,
    validated({ body: verifyPayload, bare: true }, async (req, res, { body }) => {
      const answer = await checkout.verifyAndSettle(currentUser(req).id, body)
      res.status(answer.status).json(answer.body)
    }),
  )

  router.post(
    "/payments/cancel",
    requireUser,
    noStore,
    cancelling,
    validated({ body: cancelPaymentPayload }, async (req, res, { body }) => {
      res.json({ ok: true, ...(await checkout.cancelPayment(currentUser(req).id, body.razorpay_order_id)) } satisfies CancelPaymentAnswer)
    }),
  )

  router.post(
    "/checkout",
    requireUser,
    noStore,
    ordering,
    savingAnAddress,
    validated({ body: checkoutPayload }, async (req, res, { body }) => {
      const orderId = await checkout.placeCodOrSettlePrepaid(currentUser(req).id, body)
      res.status(201).json({ ok: true, orderId } satisfies PlacedOrderAnswer)
    }),
  )

  return router
}

const SETTLING_EVENTS = new Set(["payment.captured", "order.paid"])

type WebhookOptions = {
  webhookSecret: string
  /** Queues the durable settle of a Razorpay order (the work happens after the answer). */
  settleLater: (razorpayOrderId: string) => Promise<void>
  logger: Logger
}

/**
 * Razorpay's webhook: the signature is checked over the raw bytes (so this is mounted before any JSON
 * parser), the settle is queued durably, and Razorpay gets its answer at once.
 */
export function razorpayWebhookRoute({ webhookSecret, settleLater, logger }: WebhookOptions): Router {
  const router = Router()
  router.post("/payments/webhook", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    const signature = req.get("x-razorpay-signature") ?? ""
    if (!signature || !verifyWebhookSignature(raw, signature, webhookSecret)) throw badRequest("Invalid webhook signature")
    let body: unknown
    try {
      body = JSON.parse(raw.toString("utf8"))
    } catch {
      throw badRequest("The webhook body is not JSON")
    }
    const parsed = razorpayWebhookEvent.safeParse(body)
    if (!parsed.success) throw badRequest("The webhook body is not a Razorpay event")
    const event = parsed.data
    const orderId = event.payload.order?.entity.id ?? event.payload.payment?.entity.order_id
    if (SETTLING_EVENTS.has(event.event) && orderId) await settleLater(orderId)
    else logger.info({ event: event.event, orderId }, "razorpay webhook ignored")
    res.json({ ok: true })
  })
  return router
}
