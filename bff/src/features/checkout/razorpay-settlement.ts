import type { Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { OrderEventListener } from "../../lib/order-events.js"
import { rupees } from "../../lib/money.js"
import type { RazorpayClient } from "../../lib/razorpay.js"
import type { RazorpayPayment } from "../../lib/razorpay-entities.js"
import { checkoutById, checkoutByRazorpayOrder, markExpired, markFailed, markPaid, markRefunded, unsettledRazorpayOrders, type Checkout } from "./checkouts.js"
import { CheckoutRefused, type CheckoutPlacement } from "./placement.js"

export const SETTLE_JOB = "settle-razorpay-order"
export const REFUND_JOB = "refund-razorpay-payment"

/** A settle job that still can't place the order after this many tries gives up and refunds (≈ 2 h of backoff). */
export const SETTLE_MAX_ATTEMPTS = 15
/** A settle job fails after 20 runs (≈ 3 h): the five after SETTLE_MAX_ATTEMPTS retry giving up and queuing the refund. */
const SETTLE_JOB_ATTEMPTS = 20
/** A refund fails after 50 runs (≈ 10.5 h of backoff; Razorpay's idempotency key makes each retry harmless), then waits for staff. */
const REFUND_JOB_ATTEMPTS = 50
/** The reconciler looks at online checkouts unsettled for this long… */
export const RECONCILE_AFTER_MS = 15 * 60_000
/** …until they are this old, when an unpaid one is marked expired. */
export const EXPIRE_AFTER_MS = 48 * 60 * 60_000

export type Settlement = { kind: "placed"; orderId: string } | { kind: "unpaid" } | { kind: "refused"; message: string } | { kind: "unknown" }

type Deps = {
  db: Db
  razorpay: RazorpayClient
  placement: CheckoutPlacement
  logger: Logger
  /** Told when an order's payment was refunded (the shopper's message). */
  onOrderEvent?: OrderEventListener
}

/**
 * The payment that pays the checkout: captured, for exactly its amount. An only-authorized payment
 * isn't money yet (Razorpay returns it after 5 days unless captured), so it waits: the account is set
 * to capture automatically, and its payment.captured webhook or the reconciler settles it.
 */
function payingPayment(payments: RazorpayPayment[], checkout: Checkout): RazorpayPayment | undefined {
  return payments.find((payment) => payment.status === "captured" && payment.amount === checkout.amount && payment.currency === "INR")
}

/** A payment taken for the wrong amount (a tampered checkout): never placed, always refunded. */
function wrongAmount(payments: RazorpayPayment[], checkout: Checkout): RazorpayPayment | undefined {
  return payments.find((payment) => payment.status === "captured" && (payment.amount !== checkout.amount || payment.currency !== "INR"))
}

/**
 * Turns a Razorpay order's payment into our order, whoever asks first (verify, the webhook's job, the
 * reconciler): it asks Razorpay what was paid, never the caller. A payment that can't become an order
 * is refunded by a durable job whose Razorpay idempotency key makes a retried refund harmless.
 */
export function razorpaySettlement({ db, razorpay, placement, logger, onOrderEvent }: Deps) {
  function refundKey(checkout: Checkout): string {
    return `refund_${checkout.id.replace(/-/g, "")}`
  }

  async function refundLater(checkout: Checkout, payment: RazorpayPayment, reason: string): Promise<void> {
    await enqueueJob(db, REFUND_JOB, payment.id, { checkoutId: checkout.id, amount: payment.amount, reason })
  }

  async function settle(razorpayOrderId: string): Promise<Settlement> {
    const checkout = await checkoutByRazorpayOrder(db, razorpayOrderId)
    if (!checkout) return { kind: "unknown" }
    if (checkout.orderId) {
      // Whoever accepted it may still be clearing the bag: the shopper hears of the order once that is done.
      await placement.acceptanceDone(checkout.id)
      return { kind: "placed", orderId: checkout.orderId }
    }
    if (checkout.status === "failed" || checkout.status === "refunded") return { kind: "refused", message: refusalText(checkout, checkout.failure) }

    const payments = await razorpay.fetchOrderPayments(razorpayOrderId)
    const tampered = wrongAmount(payments, checkout)
    if (tampered && !payingPayment(payments, checkout)) {
      const reason = `Payment ${tampered.id} was for ${tampered.amount} paise, not the order's ${checkout.amount}.`
      await markFailed(db, checkout.id, reason)
      await refundLater(checkout, tampered, reason)
      return { kind: "refused", message: refusalText(checkout, "The payment did not match your order.") }
    }
    const payment = payingPayment(payments, checkout)
    if (!payment) return { kind: "unpaid" }

    await markPaid(db, checkout.id, payment.id)
    try {
      const orderId = await placement.accept(checkout.id, {
        provider_id: "pp_razorpay_razorpay",
        data: { razorpay_order_id: razorpayOrderId, razorpay_payment_id: payment.id, amount_paise: payment.amount, verified_at: new Date().toISOString() },
      })
      return { kind: "placed", orderId }
    } catch (error) {
      if (!(error instanceof CheckoutRefused)) throw error
      await refundLater(checkout, payment, error.message)
      return { kind: "refused", message: refusalText(checkout, error.message) }
    }
  }

  /** A settle job that kept failing (Razorpay or the database unreachable for hours): the order is given up and the payment refunded. */
  async function giveUp(razorpayOrderId: string, cause: unknown): Promise<void> {
    const checkout = await checkoutByRazorpayOrder(db, razorpayOrderId)
    if (!checkout || checkout.orderId) return
    const reason = `We could not place your order: ${cause instanceof Error ? cause.message : String(cause)}`
    await markFailed(db, checkout.id, reason)
    const payments = await razorpay.fetchOrderPayments(razorpayOrderId)
    const payment = payments.find((p) => p.status === "captured")
    if (payment) await refundLater(checkout, payment, reason)
  }

  async function runSettleJob(job: Job): Promise<void> {
    try {
      const settlement = await settle(job.key)
      if (settlement.kind === "unpaid") await expireIfOld(job.key)
    } catch (error) {
      if (job.attempts < SETTLE_MAX_ATTEMPTS) throw error
      logger.error({ err: error, razorpayOrderId: job.key }, "giving up placing a paid order; refunding")
      await giveUp(job.key, error)
    }
  }

  async function expireIfOld(razorpayOrderId: string): Promise<void> {
    const checkout = await checkoutByRazorpayOrder(db, razorpayOrderId)
    if (checkout && Date.now() - checkout.createdAt.getTime() > EXPIRE_AFTER_MS) await markExpired(db, checkout.id)
  }

  async function runRefundJob(job: Job): Promise<void> {
    const checkoutId = String(job.payload.checkoutId)
    const checkout = await checkoutById(db, checkoutId)
    if (!checkout) return
    await razorpay.refund(job.key, {
      amount: Number(job.payload.amount),
      idempotencyKey: refundKey(checkout),
      notes: { checkout_id: checkout.id, reason: String(job.payload.reason ?? "").slice(0, 250) },
    })
    await markRefunded(db, checkout.id)
    logger.info({ checkoutId, paymentId: job.key }, "payment refunded")
    // A rerun after a lost ending tells it again; the message is sent once all the same.
    if (checkout.orderId && onOrderEvent) {
      await onOrderEvent(db, checkout.orderId, "refunded", { refundedPaise: Number(job.payload.amount) })
    }
  }

  /** Queues a settle for every online checkout still unsettled after 15 minutes: a lost webhook loses nothing. */
  async function reconcile(): Promise<number> {
    const orderIds = await unsettledRazorpayOrders(db, RECONCILE_AFTER_MS, EXPIRE_AFTER_MS + RECONCILE_AFTER_MS)
    for (const id of orderIds) await enqueueJob(db, SETTLE_JOB, id)
    return orderIds.length
  }

  const settleJob: JobHandler = { run: runSettleJob, maxAttempts: SETTLE_JOB_ATTEMPTS }
  const refundJob: JobHandler = { run: runRefundJob, maxAttempts: REFUND_JOB_ATTEMPTS }
  return { settle, settleJob, refundJob, reconcile }
}

/** What the shopper reads when their payment can't become an order. */
function refusalText(checkout: Checkout, reason: string | null): string {
  return `${reason ?? "We could not place your order."} Your payment of ₹${rupees(checkout.amount)} will be refunded.`
}

export type RazorpaySettlement = ReturnType<typeof razorpaySettlement>
