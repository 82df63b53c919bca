import { formatPaise, PAISE_PER_COIN } from "@fitshop/contracts"
import { z } from "zod"
import type { Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { orderById } from "../orders/index.js"
import type { MessageChannel } from "./channels.js"
import { recipientOf } from "./sender.js"
import { coinsBack, composeMessage, orderNumber, REFUND_DELAY, type OrderMessage } from "./templates.js"

export const REFUND_MESSAGE_JOB = "refund.message"
/** As an order's messages: ≈ 4.5 hours of retries, then staff. */
const MESSAGE_ATTEMPTS = 25

const payload = z.object({ refundId: z.string().min(1), siteUrl: z.url() })

type PaidRefund = { order_id: string; amount_paise: number; paid_as: "razorpay" | "dark_coins" }

/** The e-mail of a refund the shop paid after ops issued it: to the original payment, or as Dark Coins. */
export function refundMessage(
  refund: PaidRefund,
  facts: { order: { id: string; displayId: number | null }; name: string | null; siteUrl: string },
): OrderMessage {
  const site = facts.siteUrl.replace(/\/+$/, "")
  const sentence =
    refund.paid_as === "razorpay"
      ? `We've refunded ${formatPaise(refund.amount_paise)} to your original payment method; banks show it ${REFUND_DELAY}.`
      : `We've refunded ${formatPaise(refund.amount_paise)} as Dark Coins (10 coins = ₹1). ${coinsBack(Math.floor(refund.amount_paise / PAISE_PER_COIN))}`
  return composeMessage(`Refund issued for order ${orderNumber(facts.order)}`, facts.name, site, [{ kind: "paragraph", text: sentence }])
}

/**
 * The shopper's message of each refund ops issued in Medusa's dashboard, once the BFF paid it: queued in the
 * transaction that marks it paid, sent once per refund and channel (bff.medusa_refund_messages).
 */
export function refundMessages({ db, logger, channels, publicUrl }: { db: Db; logger: Logger; channels: MessageChannel[]; publicUrl: string }) {
  const listener = async (client: Pick<Db, "query">, refundId: string): Promise<void> => {
    await enqueueJob(client, REFUND_MESSAGE_JOB, refundId, { refundId, siteUrl: publicUrl })
  }

  async function run(job: Job): Promise<void> {
    const { refundId, siteUrl } = payload.parse(job.payload)
    const { rows: refunds } = await db.query<PaidRefund>(
      "select order_id, amount_paise, paid_as from bff.medusa_refunds where refund_id = $1 and paid_at is not null",
      [refundId],
    )
    const refund = refunds[0]
    const order = refund && (await orderById(db, refund.order_id))
    if (!refund || !order) return
    const { rows } = await db.query<{ channel: string }>("select channel from bff.medusa_refund_messages where refund_id = $1", [refundId])
    const sent = new Set(rows.map((row) => row.channel))
    const recipient = await recipientOf(db, order)
    const due = channels.filter((channel) => !sent.has(channel.name) && channel.reaches(recipient))
    if (!due.length) return
    const message = refundMessage(refund, { order, name: recipient.name, siteUrl })
    for (const channel of due) {
      await channel.send(recipient, message)
      await db.query("insert into bff.medusa_refund_messages (refund_id, channel) values ($1, $2) on conflict do nothing", [refundId, channel.name])
      logger.info({ refundId, orderId: order.id, channel: channel.name }, "refund message sent")
    }
  }

  const job: JobHandler = { run, maxAttempts: MESSAGE_ATTEMPTS }
  return { listener, handlers: { [REFUND_MESSAGE_JOB]: job } }
}
