import type { PaymentOrder, VerifyPaymentAnswer } from "@fitshop/contracts"
import { badRequest, conflict, HttpError, notFound, serviceUnavailable } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { enqueueJob, enqueueJobOnce } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { RazorpayError, verifyPaymentSignature, type RazorpayClient } from "../../lib/razorpay.js"
import type { UsersRepository } from "../users/index.js"
import type { Job, JobHandler } from "../../lib/jobs.js"
import { checkoutById, checkoutByRazorpayOrder, markFailed, setRazorpayOrder, unplacedCodCheckouts } from "./checkouts.js"
import type { CommerceCheckout } from "./commerce-checkout.js"
import { CheckoutRefused, type CheckoutPlacement } from "./placement.js"
import type { CheckoutPreparation } from "./prepare.js"
import { SETTLE_JOB, type RazorpaySettlement } from "./razorpay-settlement.js"
import { holdsUnits, releaseHolds, releaseOrphanHolds } from "./stock-holds.js"
import { VERIFICATION_FAILED, type CheckoutPayload, type VerifyPayload } from "./schema.js"

/**
 * Ends a cash-on-delivery checkout a failure cut before its acceptance: accepted if Medusa has its order (a checkout
 * placed the way the shop placed them before it accepted first), dropped if not.
 */
export const COD_CHECK_JOB = "confirm-cod-checkout"
/** A COD check fails after 20 runs (≈ 3 h of Medusa not answering); staff then look the order up and retry. */
const COD_CHECK_ATTEMPTS = 20
/**
 * A cash-on-delivery checkout cut before its acceptance (the database or the process went away between holding its
 * units and accepting it) is finished or undone once it is this old; an acceptance never takes this long.
 */
const CUT_CHECKOUT_AFTER_MS = 5 * 60_000
const CUT_CHECKOUT_UNTIL_MS = 48 * 60 * 60_000
export const PAYMENT_PENDING = "Payment received. We're placing your order now; it will appear in Account › Orders in a few minutes."
const GATEWAY_DOWN = "The payment gateway is not answering. Please try again in a minute."

type Answered<Ok extends boolean> = Extract<VerifyPaymentAnswer, { ok: Ok }>
export type VerifyAnswer = { status: 200; body: Answered<true> } | { status: 202; body: Answered<false> }

type Deps = {
  db: Db
  users: UsersRepository
  razorpay: RazorpayClient
  keySecret: string
  preparation: CheckoutPreparation
  placement: CheckoutPlacement
  commerce: CommerceCheckout
  settlement: RazorpaySettlement
  logger: Logger
  liveTestAllowed: boolean
}

/** The shop's checkout: a Razorpay order for the bag, its verification, and cash-on-delivery orders. */
export function checkoutService({ db, users, razorpay, keySecret, preparation, placement, commerce, settlement, logger, liveTestAllowed }: Deps) {
  const cashOnDelivery = (checkoutId: string) => ({ provider_id: "pp_cod_cod" as const, data: { checkout_id: checkoutId } })

  async function createPaymentOrder(userId: string, payload: CheckoutPayload): Promise<PaymentOrder> {
    if (payload.payment.mode !== "prepaid") throw badRequest("payment: create-order is for online payments; cash on delivery goes to /api/checkout")
    const checkout = await preparation.prepare(userId, payload, "prepaid")
    let order
    try {
      order = await razorpay.createOrder({ amount: checkout.amount, receipt: checkout.receipt, notes: { checkout_id: checkout.id, user_id: userId } })
    } catch (error) {
      await markFailed(db, checkout.id, "The Razorpay order could not be created.")
      if (error instanceof RazorpayError && error.statusCode >= 400 && error.statusCode < 500) throw error
      logger.warn({ err: error }, "razorpay order creation failed")
      throw serviceUnavailable(GATEWAY_DOWN)
    }
    await setRazorpayOrder(db, checkout.id, order.id)
    const user = await users.byId(userId)
    return {
      key: razorpay.keyId,
      orderId: order.id,
      amount: order.amount,
      currency: "INR",
      customer: { name: checkout.address.fullName || user?.name || "", email: checkout.address.email ?? user?.email ?? "", contact: checkout.address.phone },
      receipt: checkout.receipt,
      internalOrderId: checkout.id,
      liveTest: checkout.isTest,
    }
  }

  /** Checks Checkout's signature, then settles the Razorpay order now; if that can't finish, a job does. */
  async function verifyAndSettle(userId: string, payload: VerifyPayload): Promise<VerifyAnswer> {
    const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = payload
    if (!verifyPaymentSignature(orderId, paymentId, signature, keySecret)) throw badRequest(VERIFICATION_FAILED)
    const checkout = await checkoutByRazorpayOrder(db, orderId)
    if (!checkout || checkout.userId !== userId) throw badRequest(VERIFICATION_FAILED)
    try {
      const settled = await settlement.settle(orderId)
      if (settled.kind === "placed") return { status: 200, body: { ok: true, orderId: settled.orderId } }
      if (settled.kind === "refused") throw new HttpError(409, "order_refused", settled.message)
    } catch (error) {
      if (error instanceof HttpError) throw error
      logger.warn({ err: error, orderId }, "settling after verify failed; a job will retry")
    }
    await enqueueJob(db, SETTLE_JOB, orderId, {}, 2_000)
    return { status: 202, body: { ok: false, pending: true, message: PAYMENT_PENDING } }
  }

  /**
   * The shopper closed Razorpay's window without paying: the units held for it go back at once, for the
   * next shopper. The checkout stays open, so a payment that still arrives (a UPI request approved later)
   * settles as any other: placed while stock lasts, refunded when not. Razorpay not answering keeps the
   * hold (it ends with the payment window).
   */
  async function cancelPayment(userId: string, razorpayOrderId: string): Promise<{ released: boolean }> {
    const checkout = await checkoutByRazorpayOrder(db, razorpayOrderId)
    if (!checkout || checkout.userId !== userId) throw notFound("Payment not found")
    // Finished work is never done again: a settled checkout, or one whose units a cancel already let go,
    // answers at once without asking Razorpay.
    if (checkout.status !== "awaiting_payment" || !(await holdsUnits(db, checkout.id))) return { released: false }
    const payments = await razorpay.fetchOrderPayments(razorpayOrderId).catch((error: unknown) => {
      logger.warn({ err: error, razorpayOrderId }, "razorpay payments could not be read for a cancel")
      throw serviceUnavailable(GATEWAY_DOWN)
    })
    if (payments.some((payment) => payment.status === "authorized" || payment.status === "captured")) return { released: false }
    await releaseHolds(db, checkout.id)
    return { released: true }
  }

  /**
   * POST /checkout: cash on delivery is accepted at once (Medusa places it after), the COD fee on its shipping method,
   * nothing paid yet;
   * a prepaid payload's Razorpay payment is verified and settled as /payments/verify does.
   */
  async function placeCodOrSettlePrepaid(userId: string, payload: CheckoutPayload): Promise<string> {
    if (payload.payment.mode !== "cod") {
      if (!payload.payment.razorpay_order_id || !payload.payment.razorpay_payment_id || !payload.payment.razorpay_signature) {
        throw badRequest("payment: an online checkout needs a verified Razorpay payment (razorpay_order_id, razorpay_payment_id, razorpay_signature)")
      }
      const answer = await verifyAndSettle(userId, {
        razorpay_order_id: payload.payment.razorpay_order_id,
        razorpay_payment_id: payload.payment.razorpay_payment_id,
        razorpay_signature: payload.payment.razorpay_signature,
      })
      if (answer.status !== 200) throw new HttpError(202, "payment_pending", answer.body.message)
      return answer.body.orderId
    }
    const checkout = await preparation.prepare(userId, payload, "cod")
    try {
      return await placement.accept(checkout.id, cashOnDelivery(checkout.id), { fromBag: true })
    } catch (error) {
      if (error instanceof CheckoutRefused) throw conflict(error.message)
      throw error
    }
  }

  const confirmCashOnDeliveryJob: JobHandler = {
    maxAttempts: COD_CHECK_ATTEMPTS,
    async run(job: Job): Promise<void> {
      const checkout = await checkoutById(db, job.key)
      if (!checkout || checkout.status !== "awaiting_payment") return
      // Only a checkout from before the shop accepted orders itself has a cart here (and maybe Medusa's order).
      if (checkout.medusaCartId && (await commerce.orderOf(checkout.medusaCartId))) await placement.accept(checkout.id, cashOnDelivery(checkout.id))
      else await markFailed(db, checkout.id, "The order was not placed: its checkout was cut off before it was accepted.")
    },
  }

  /**
   * Queues the COD check for every cash-on-delivery checkout a failure left unplaced (it records Medusa's order
   * or frees the units), and frees units held by checkouts whose row was never written. Answers how many of each.
   */
  async function recoverCutCheckouts(): Promise<{ checkouts: number; orphanHolds: number }> {
    const ids = await unplacedCodCheckouts(db, CUT_CHECKOUT_AFTER_MS, CUT_CHECKOUT_UNTIL_MS)
    for (const id of ids) await enqueueJobOnce(db, COD_CHECK_JOB, id)
    return { checkouts: ids.length, orphanHolds: await releaseOrphanHolds(db, CUT_CHECKOUT_AFTER_MS) }
  }

  /** Whether this shopper may pay the ₹1 live test: an admin (as stored now, not as when they signed in) on a server that allows it. */
  async function liveTestAvailable(userId: string): Promise<boolean> {
    return liveTestAllowed && (await users.byId(userId))?.role === "admin"
  }

  return { createPaymentOrder, verifyAndSettle, cancelPayment, placeCodOrSettlePrepaid, liveTestAvailable, confirmCashOnDeliveryJob, recoverCutCheckouts }
}

export type CheckoutService = ReturnType<typeof checkoutService>
