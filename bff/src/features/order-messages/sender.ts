import { COINS_PER_RUPEE } from "@fitshop/contracts"
import { z } from "zod"
import type { Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { OrderEvent, OrderEventListener } from "../../lib/order-events.js"
import { orderById, type OrderRecord } from "../orders/index.js"
import type { MessageChannel, Recipient } from "./channels.js"
import { ORDER_MESSAGE_EVENTS, orderMessage, type OrderMessageEvent, type OrderMessageFacts } from "./templates.js"

export const ORDER_MESSAGE_JOB = "order.message"

/** Who hears of an order: the account's e-mail and name, the delivery address's phone. */
export async function recipientOf(db: Pick<Db, "query">, order: Pick<OrderRecord, "userId" | "shippingAddress">): Promise<Recipient & { name: string | null }> {
  const { rows } = await db.query<{ email: string; name: string }>("select email, name from bff.users where id = $1", [order.userId])
  return { email: rows[0]?.email ?? null, name: rows[0]?.name ?? null, phone: order.shippingAddress.phone || null }
}

/** Which events a shopper hears of. A whole return is followed by its refund's message (returns get theirs in issue 29). */
const MESSAGE_OF: Partial<Record<OrderEvent, OrderMessageEvent>> = {
  placed: "placed",
  shipped: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
  refunded: "refunded",
}

/** A message is retried for ≈ 4.5 hours (25 attempts, backoff capped at 15 minutes), then waits for staff. */
const MESSAGE_ATTEMPTS = 25

/** siteUrl: the shop's public address when the job was queued, so whichever replica sends it links to the same host. */
const payload = z.object({
  orderId: z.string().min(1),
  event: z.enum(ORDER_MESSAGE_EVENTS),
  siteUrl: z.url(),
  /** A refund's amount as it moved (the refund job's): what the message says was refunded. */
  refundedPaise: z.number().int().nonnegative().optional(),
  /** Why the shop cancelled the order itself (the cancelled message says it). */
  reason: z.string().max(500).optional(),
})

type Deps = {
  db: Db
  logger: Logger
  channels: MessageChannel[]
  publicUrl: string
  /** The invoice's absolute download address once the order has one (issuing it if it is due); null otherwise. */
  invoiceLink: (order: OrderRecord, siteUrl: string) => Promise<string | null>
}

/**
 * The shopper's messages about an order (placed, shipped, delivered, cancelled, refund issued): queued as a job in
 * the transaction of the event, built when the job runs from the order as it is then, and sent once per event
 * and channel: the sent row is written after each send, so a repeated event or a rerun job sends nothing more.
 */
export function orderMessages({ db, logger, channels, publicUrl, invoiceLink }: Deps) {
  const listener: OrderEventListener = async (client, orderId, event, facts) => {
    const message = MESSAGE_OF[event]
    const refunded = facts?.refundedPaise === undefined ? {} : { refundedPaise: facts.refundedPaise }
    const reason = facts?.reason === undefined ? {} : { reason: facts.reason }
    if (message) await enqueueJob(client, ORDER_MESSAGE_JOB, `${orderId}:${message}`, { orderId, event: message, siteUrl: publicUrl, ...refunded, ...reason })
  }

  async function sentBy(orderId: string, event: OrderMessageEvent): Promise<Set<string>> {
    const { rows } = await db.query<{ channel: string }>("select channel from bff.order_messages where order_id = $1 and event = $2", [orderId, event])
    return new Set(rows.map((row) => row.channel))
  }

  /** Whether the order's confirmation is still to be sent (its job waiting, say for a retry): later news waits for it. */
  async function confirmationPending(orderId: string): Promise<boolean> {
    const { rowCount } = await db.query("select 1 from bff.jobs where kind = $1 and key = $2 and done_at is null and failed_at is null", [
      ORDER_MESSAGE_JOB,
      `${orderId}:placed`,
    ])
    return (rowCount ?? 0) > 0
  }

  async function run(job: Job): Promise<void> {
    const { orderId, event, siteUrl, refundedPaise, reason } = payload.parse(job.payload)
    const order = await orderById(db, orderId)
    if (!order) return
    if (event !== "placed" && (await confirmationPending(orderId))) throw new Error(`order ${orderId}'s confirmation is sent first`)
    const sent = await sentBy(orderId, event)
    const recipient = await recipientOf(db, order)
    const due = channels.filter((channel) => !sent.has(channel.name) && channel.reaches(recipient))
    if (!due.length) return
    const facts: OrderMessageFacts = {
      order,
      name: recipient.name,
      links: { siteUrl, invoice: event === "delivered" ? await invoiceLink(order, siteUrl) : null },
      estimatedDelivery: order.estimatedDelivery,
      refund: refundOf(order, event, refundedPaise),
      reason: reason ?? null,
    }
    const message = orderMessage(event, facts)
    for (const channel of due) {
      await channel.send(recipient, message)
      await db.query("insert into bff.order_messages (order_id, event, channel) values ($1, $2, $3) on conflict do nothing", [orderId, event, channel.name])
      logger.info({ orderId, event, channel: channel.name }, "order message sent")
    }
  }

  const job: JobHandler = { run, maxAttempts: MESSAGE_ATTEMPTS }
  return { listener, handlers: { [ORDER_MESSAGE_JOB]: job } }
}

/**
 * What an ended order gives back, as its messages say it: the amount the refund moved when its job says so (after
 * returns, only what they had not given back), else an online payment in full to where it came from, and the Dark
 * Coins it spent (10 coins a rupee of discount).
 */
function refundOf(order: OrderRecord, event: OrderMessageEvent, refundedPaise?: number): OrderMessageFacts["refund"] {
  if (event !== "cancelled" && event !== "refunded") return null
  const payment = refundedPaise ?? (order.paymentMethod === "online" ? order.total : 0)
  return { payment, coins: event === "cancelled" ? (order.discount / 100) * COINS_PER_RUPEE : 0 }
}
