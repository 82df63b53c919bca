import { z } from "zod"
import type { Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { OrderEventListener, ReviewEventListener } from "../../lib/order-events.js"
import { orderById } from "../orders/index.js"
import { productsToReview, reviewForStaff } from "../reviews/index.js"
import type { MessageChannel, Recipient } from "./channels.js"
import { reviewHiddenMessage, reviewInviteMessage } from "./review-templates.js"

export const REVIEW_INVITE_JOB = "review.invite"
export const REVIEW_HIDDEN_JOB = "review.hidden"

/** How long after delivery the invitation to review goes: a few days of wearing it. */
export const REVIEW_INVITE_DELAY_MS = 5 * 24 * 3_600_000
/** As an order's messages: ≈ 4.5 hours of retries, then staff. */
const MESSAGE_ATTEMPTS = 25

const invitePayload = z.object({ orderId: z.string().min(1), siteUrl: z.url() })
const hiddenPayload = z.object({ reviewId: z.string().regex(/^\d+$/), reason: z.string().nullable(), siteUrl: z.url() })

type Deps = { db: Db; logger: Logger; channels: MessageChannel[]; publicUrl: string }

/** The account a message about a review goes to, while it exists; whether it said yes to marketing e-mail. */
async function accountOf(db: Pick<Db, "query">, userId: string): Promise<(Recipient & { name: string | null; marketing: boolean }) | undefined> {
  const { rows } = await db.query<{ email: string; name: string; marketing_opt_in: boolean }>(
    "select email, name, marketing_opt_in from bff.users where id = $1 and deleted_at is null",
    [userId],
  )
  const row = rows[0]
  return row && { email: row.email, phone: null, name: row.name, marketing: row.marketing_opt_in }
}

/**
 * The messages about reviews: the invitation to review an order's pieces REVIEW_INVITE_DELAY_MS after delivery (once
 * per order and channel, only to a shopper who said yes to marketing e-mail, naming only the pieces they kept and
 * haven't reviewed, none when there are none), and the author's note that their review was hidden (once per hiding).
 */
export function reviewMessages({ db, logger, channels, publicUrl }: Deps) {
  const orderListener: OrderEventListener = async (client, orderId, event) => {
    if (event === "delivered") await enqueueJob(client, REVIEW_INVITE_JOB, orderId, { orderId, siteUrl: publicUrl }, REVIEW_INVITE_DELAY_MS)
  }

  const reviewListener: ReviewEventListener = async (client, reviewId, event, { reason, hiddenAt }) => {
    const key = `${reviewId}:${hiddenAt.getTime()}:${reason === null ? "reports" : "staff"}`
    if (event === "hidden") await enqueueJob(client, REVIEW_HIDDEN_JOB, key, { reviewId, reason, siteUrl: publicUrl })
  }

  async function invite(job: Job): Promise<void> {
    const { orderId, siteUrl } = invitePayload.parse(job.payload)
    const order = await orderById(db, orderId)
    if (!order || order.status !== "DELIVERED" || order.isTest) return
    const account = await accountOf(db, order.userId)
    if (!account?.marketing) return
    const { rows } = await db.query<{ channel: string }>("select channel from bff.order_messages where order_id = $1 and event = 'review_invite'", [orderId])
    const sent = new Set(rows.map((row) => row.channel))
    const due = channels.filter((channel) => !sent.has(channel.name) && channel.reaches(account))
    if (!due.length) return
    const products = await productsToReview(db, order)
    if (!products.length) return
    const message = reviewInviteMessage(order, products, account.name, siteUrl)
    for (const channel of due) {
      await channel.send(account, message)
      await db.query("insert into bff.order_messages (order_id, event, channel) values ($1, 'review_invite', $2) on conflict do nothing", [
        orderId,
        channel.name,
      ])
      logger.info({ orderId, channel: channel.name }, "review invitation sent")
    }
  }

  async function hidden(job: Job): Promise<void> {
    const { reviewId, reason, siteUrl } = hiddenPayload.parse(job.payload)
    const review = await reviewForStaff(db, reviewId)
    // Restored or withdrawn before the note went: there is nothing to tell.
    if (!review || review.status !== "hidden") return
    const account = await accountOf(db, review.author.id)
    if (!account) return
    const message = reviewHiddenMessage(review.product.title, reason, account.name, siteUrl)
    for (const channel of channels.filter((each) => each.reaches(account))) await channel.send(account, message)
    logger.info({ reviewId }, "review hidden note sent")
  }

  return {
    listens: { order: orderListener, review: reviewListener },
    handlers: {
      [REVIEW_INVITE_JOB]: { run: invite, maxAttempts: MESSAGE_ATTEMPTS } satisfies JobHandler,
      [REVIEW_HIDDEN_JOB]: { run: hidden, maxAttempts: MESSAGE_ATTEMPTS } satisfies JobHandler,
    },
  }
}
