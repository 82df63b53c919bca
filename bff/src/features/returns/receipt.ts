import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, enqueueJobOnce, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { ReturnEventListener } from "../../lib/order-events.js"
import type { Commerce } from "../../lib/medusa.js"
import type { RazorpayClient } from "../../lib/razorpay.js"
import { checkoutById } from "../checkout/index.js"
import { hasEnded, lineName, lockOrder, medusaIdOf, orderById } from "../orders/index.js"
import { postsAfterReturn } from "../fitfeed/index.js"
import { creditReturnCoins, dropPendingEarningsThrough, lockWalletsOfOrder, reverseReferralCoins } from "../wallet/index.js"
import { EXCHANGE_SHIPMENT_JOB } from "./exchange-shipment.js"
import { receiveMedusaReturn } from "./medusa-returns.js"
import { pickupCancellations } from "./pickup-cancellation.js"
import {
  advanceReturn,
  finishReturn,
  lockReturn,
  recordReturnedLines,
  returnByAwb,
  returnById,
  returnsOfOrders,
  unitsBackOfProduct,
  type ReturnRecord,
} from "./returns.js"

export const RETURN_RECEIPT_JOB = "return.receive"
export const RETURN_REFUND_JOB = "return.refund"
/** Medusa's receipt (the restock) is retried for ≈ 5.5 h; the refund like checkout's, ≈ 10.5 h, Razorpay's idempotency key making each retry harmless. */
const RECEIPT_ATTEMPTS = 30
const REFUND_ATTEMPTS = 50

/** Shiprocket's statuses of a reverse pickup, as the steps of our return; statuses we don't follow change nothing. */
const PICKUP_BOOKED = new Set(["RETURN PICKUP GENERATED", "RETURN PICKUP QUEUED", "RETURN OUT FOR PICKUP", "RETURN PICKUP RESCHEDULED", "PICKUP SCHEDULED"])
const PICKED_UP = new Set(["RETURN PICKED UP", "RETURN IN TRANSIT", "RETURN OUT FOR DELIVERY", "PICKED UP", "IN TRANSIT"])
const AT_WAREHOUSE = new Set(["RETURN DELIVERED", "DELIVERED"])
/** The courier gave the pickup up: cancelled by Shiprocket or the courier, or failed for good after its attempts. */
const PICKUP_ENDED = new Set([
  "RETURN CANCELLED",
  "RETURN CANCELED",
  "RETURN PICKUP CANCELLED",
  "RETURN PICKUP FAILED",
  "CANCELLED",
  "CANCELED",
  "PICKUP FAILED",
])

export type ReturnStep = "pickup_scheduled" | "picked_up" | "received"

export function returnStepFor(shiprocketStatus: string): ReturnStep | "cancelled" | undefined {
  const status = shiprocketStatus.trim().toUpperCase()
  if (AT_WAREHOUSE.has(status)) return "received"
  if (PICKED_UP.has(status)) return "picked_up"
  if (PICKUP_BOOKED.has(status)) return "pickup_scheduled"
  if (PICKUP_ENDED.has(status)) return "cancelled"
  return undefined
}

/** A return not yet at the warehouse: Medusa's receipt of it (ops' or ours) moves it there. */
const ON_ITS_WAY = new Set<ReturnRecord["status"]>(["requested", "pickup_scheduled", "picked_up"])

/** Razorpay's idempotency key for a return's refund: one refund per return, however often the job runs. */
const refundKey = (returnId: string) => `return_${returnId.replace(/-/g, "")}`

type Queryable = Pick<Db, "query">

/**
 * A return reaches the warehouse and its money moves, once, in the transaction that marks it received (so a
 * repeated courier scan finds it received and moves nothing): the coins spent on it come back, a cash-on-delivery
 * line's value comes as coins, referral earnings on its lines are dropped, posts about it lose their verified buyer
 * (or leave, when the whole purchase came back), an online payment's share is refunded by
 * a job, and Medusa is told to receive it (its stock back on the size) by another. An exchange moves no money: its
 * new size ships once the courier has the old one, and it is done when both have happened.
 */
export function returnReceipts({
  db,
  commerce,
  razorpay,
  logger,
  onReturnEvent,
}: {
  db: Db
  commerce: Commerce
  razorpay: RazorpayClient
  logger: Logger
  onReturnEvent?: ReturnEventListener
}) {
  const cancellations = pickupCancellations({ db, commerce, logger, onReturnEvent })

  async function settleMoney(client: Queryable, ask: ReturnRecord): Promise<void> {
    const order = await lockOrder(client, ask.orderId)
    if (!order) return
    if (hasEnded(order)) {
      // Its ending (ops cancelled it or received every unit in Medusa first) gave back all it held: nothing moves twice.
      await finishReturn(client, ask.id, "refunded")
      logger.warn({ returnId: ask.id, orderId: order.id, status: order.status }, "return received on an order already ended; its ending gave the money back")
      return
    }
    await lockWalletsOfOrder(client, order.checkoutId, order.id)
    const what = ask.lines.map(lineName).join(", ")
    await creditReturnCoins(client, {
      userId: ask.userId,
      orderId: order.id,
      returnId: ask.id,
      spentCoins: ask.spentCoins,
      valueCoins: ask.refund.coins - ask.spentCoins,
      what,
    })
    await reverseReferralCoins(
      client,
      order.id,
      ask.lines.map((line) => line.variantId),
    )
    await recordReturnedLines(client, ask)
    for (const productId of new Set(ask.lines.map((line) => line.productId))) {
      const bought = order.items.filter((line) => line.productId === productId).reduce((sum, line) => sum + line.quantity, 0)
      const back = await unitsBackOfProduct(client, order.id, productId)
      await dropPendingEarningsThrough(client, await postsAfterReturn(client, order.id, productId, back >= bought))
    }
    if (ask.refund.toPayment > 0) await enqueueJob(client, RETURN_REFUND_JOB, ask.id)
    else if (await finishReturn(client, ask.id, "refunded")) await onReturnEvent?.(client, ask.id, "return_refunded")
  }

  /**
   * Moves a return on to `step` once, however often and from wherever it is said (the courier's scans, Medusa's
   * receipt): at the warehouse its money moves (settleMoney) and Medusa is told to receive it; an exchange's new size
   * leaves once the courier has the old one. Answers whether it moved.
   */
  async function moveReturn(returnId: string, step: ReturnStep): Promise<boolean> {
    return transaction(db, async (client) => {
      const held = await lockReturn(client, returnId)
      if (!held || !(await advanceReturn(client, held.id, step))) return false
      // The new size leaves once the courier has the old one (a parcel first heard of at the warehouse was picked up too).
      if (held.kind === "exchange" && step !== "pickup_scheduled") await enqueueJobOnce(client, EXCHANGE_SHIPMENT_JOB, held.id)
      if (step === "received") {
        if (held.kind === "return") await settleMoney(client, held)
        else await finishReturn(client, held.id, "exchanged")
        await enqueueJob(client, RETURN_RECEIPT_JOB, held.id)
      }
      return true
    })
  }

  /** The courier's scan of a return's parcel; answers whether the AWB was a return's (so the caller looks no further). */
  async function scanned(awb: string, shiprocketStatus: string): Promise<boolean> {
    const ask = await returnByAwb(db, awb)
    if (!ask) return false
    const step = returnStepFor(shiprocketStatus)
    if (step === "cancelled") {
      if (await cancellations.pickupEnded(ask.id))
        logger.info({ returnId: ask.id, orderId: ask.orderId, status: shiprocketStatus }, "return cancelled: the courier gave the pickup up")
    } else if (step && (await moveReturn(ask.id, step))) {
      logger.info({ returnId: ask.id, orderId: ask.orderId, step }, "return moved, as the courier says")
    }
    return true
  }

  /**
   * Medusa received returns of the order (ops in its dashboard, or our own receipt job coming back): each of the
   * shopper's returns among them reaches the warehouse here if the courier hasn't said so yet, so its money moves
   * once whichever tells first, and before an ending of the whole order gives back the rest. Answers how many moved.
   */
  async function receivedInMedusa(orderId: string, medusaReturnIds: string[]): Promise<number> {
    if (!medusaReturnIds.length) return 0
    const received = new Set(medusaReturnIds)
    let moved = 0
    for (const ask of await returnsOfOrders(db, [orderId])) {
      if (!ask.medusaReturnId || !received.has(ask.medusaReturnId) || !ON_ITS_WAY.has(ask.status)) continue
      if (await moveReturn(ask.id, "received")) {
        moved++
        logger.info({ returnId: ask.id, orderId }, "return received, as Medusa says")
      }
    }
    return moved
  }

  async function receiveInMedusa(job: Job): Promise<void> {
    const ask = await returnById(db, job.key)
    if (!ask?.medusaReturnId) throw new Error(`return ${job.key} has no Medusa return to receive yet`)
    await receiveMedusaReturn(commerce, await medusaIdOf(db, ask.orderId), ask.medusaReturnId)
  }

  async function refund(job: Job): Promise<void> {
    const ask = await returnById(db, job.key)
    if (!ask || ask.status !== "received") return
    const order = await orderById(db, ask.orderId)
    const checkout = order && (await checkoutById(db, order.checkoutId))
    if (!checkout?.razorpayPaymentId) throw new Error(`return ${ask.id}: its order has no Razorpay payment to refund`)
    await razorpay.refund(checkout.razorpayPaymentId, {
      amount: ask.refund.toPayment,
      idempotencyKey: refundKey(ask.id),
      notes: { return_id: ask.id, order_id: ask.orderId, reason: "Return received" },
    })
    await transaction(db, async (client) => {
      if (!(await finishReturn(client, ask.id, "refunded"))) return
      await onReturnEvent?.(client, ask.id, "return_refunded")
    })
    logger.info({ returnId: ask.id, amount: ask.refund.toPayment }, "return refunded")
  }

  const receiptJob: JobHandler = { run: receiveInMedusa, maxAttempts: RECEIPT_ATTEMPTS }
  const refundJob: JobHandler = { run: refund, maxAttempts: REFUND_ATTEMPTS }
  return { scanned, receivedInMedusa, receiptJob, refundJob, cancelInMedusaJob: cancellations.cancelInMedusaJob }
}

export type ReturnReceipts = ReturnType<typeof returnReceipts>
