import { z } from "zod"
import type { Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { RETURN_EVENTS, type ReturnEventListener } from "../../lib/order-events.js"
import { orderById } from "../orders/index.js"
import { returnById } from "../returns/index.js"
import type { MessageChannel } from "./channels.js"
import { returnMessage } from "./return-templates.js"
import { recipientOf } from "./sender.js"

export const RETURN_MESSAGE_JOB = "return.message"
/** As an order's messages: ≈ 4.5 hours of retries, then staff. */
const MESSAGE_ATTEMPTS = 25

const payload = z.object({ returnId: z.uuid(), event: z.enum(RETURN_EVENTS), siteUrl: z.url() })

/**
 * The shopper's messages about a return or exchange, queued in the transaction of the step, built when the job runs,
 * sent once per step and channel (bff.return_messages), later news waiting while the request's own message is due.
 */
export function returnMessages({ db, logger, channels, publicUrl }: { db: Db; logger: Logger; channels: MessageChannel[]; publicUrl: string }) {
  const listener: ReturnEventListener = async (client, returnId, event) => {
    await enqueueJob(client, RETURN_MESSAGE_JOB, `${returnId}:${event}`, { returnId, event, siteUrl: publicUrl })
  }

  async function requestMessagePending(returnId: string): Promise<boolean> {
    const { rowCount } = await db.query("select 1 from bff.jobs where kind = $1 and key = $2 and done_at is null and failed_at is null", [
      RETURN_MESSAGE_JOB,
      `${returnId}:return_requested`,
    ])
    return (rowCount ?? 0) > 0
  }

  async function run(job: Job): Promise<void> {
    const { returnId, event, siteUrl } = payload.parse(job.payload)
    const ask = await returnById(db, returnId)
    const order = ask && (await orderById(db, ask.orderId))
    if (!ask || !order) return
    if (event !== "return_requested" && (await requestMessagePending(returnId))) throw new Error(`return ${returnId}'s request message is sent first`)
    const { rows } = await db.query<{ channel: string }>("select channel from bff.return_messages where return_id = $1 and event = $2", [returnId, event])
    const sent = new Set(rows.map((row) => row.channel))
    const recipient = await recipientOf(db, order)
    const due = channels.filter((channel) => !sent.has(channel.name) && channel.reaches(recipient))
    if (!due.length) return
    const message = returnMessage(event, { ask, order, name: recipient.name, siteUrl })
    for (const channel of due) {
      await channel.send(recipient, message)
      await db.query("insert into bff.return_messages (return_id, event, channel) values ($1, $2, $3) on conflict do nothing", [returnId, event, channel.name])
      logger.info({ returnId, event, channel: channel.name }, "return message sent")
    }
  }

  const job: JobHandler = { run, maxAttempts: MESSAGE_ATTEMPTS }
  return { listener, handlers: { [RETURN_MESSAGE_JOB]: job } }
}
