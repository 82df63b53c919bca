import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { CommerceInternalError, type Commerce } from "../../lib/medusa.js"
import type { EventBus } from "../../lib/event-bus.js"
import type { OrderCommands } from "./commands.js"
import { hasEnded, orderByMedusaId } from "./orders.js"
import { medusaOrderChangesSchema, medusaOrderStateAnswerSchema, type MedusaOrderState } from "./schema.js"

export const ORDER_SYNC_JOB = "sync-order"
/** A sync fails after 30 runs (≈ 5.5 h of Medusa not answering); the schedule's sweep reads the order again anyway. */
const ORDER_SYNC_JOB_ATTEMPTS = 30

/** The cursor's name in bff.sync_cursors: how far the sweep has read Medusa's orders by their last change. */
const CURSOR = "medusa orders"
const PAGE = 200
/**
 * Each sweep reads again the last minute before its cursor: Medusa stamps a change when its code makes it, so
 * a change that committed late can carry an earlier time than one already read. Reading twice is harmless.
 */
const LATE_COMMIT_MS = 60_000

type Queryable = Pick<Db, "query">

type Deps = {
  db: Db
  commerce: Commerce
  logger: Logger
  /** Where the returns Medusa received and an ending there are told (returns settle theirs, checkout undoes the order). */
  events: Pick<EventBus, "returnsReceived" | "ended">
  orders: OrderCommands
}

async function cursorPosition(db: Queryable): Promise<Date | undefined> {
  const { rows } = await db.query<{ position: Date }>("select position from bff.sync_cursors where name = $1", [CURSOR])
  return rows[0]?.position
}

async function saveCursor(db: Queryable, position: Date): Promise<void> {
  await db.query(
    `insert into bff.sync_cursors (name, position) values ($1, $2)
     on conflict (name) do update set position = greatest(bff.sync_cursors.position, excluded.position), updated_at = now()`,
    [CURSOR, position],
  )
}

/**
 * Every change Medusa makes to an order reaches the BFF at least once and takes effect once: Medusa's
 * subscriber tells the BFF at once (a durable job then reads the order), and a schedule reads every order
 * changed since its cursor, so a change made while the BFF was down, or whose notice was lost, still arrives.
 * What a change does is decided by the order's state, not by the message: each effect is gated by a
 * status that moves once (ended, delivered, shipped), so reading the same state twice changes nothing.
 */
export function medusaOrderSync({ db, commerce, logger, events, orders }: Deps) {
  async function apply(state: MedusaOrderState): Promise<void> {
    // Medusa names its own order; an order Medusa placed before the shop recorded it has no news yet.
    const order = await orderByMedusaId(db, state.id)
    if (!order || hasEnded(order)) return
    // The returns' own money first: the ending of an order returned whole then gives back only what they did not.
    if (!state.canceled && state.received_returns.length) await events.returnsReceived(order.id, state.received_returns)
    if (state.canceled) {
      await events.ended(order.id, "cancelled")
    } else if (state.returned) {
      await events.ended(order.id, "returned")
    } else if (state.delivered) {
      if (await transaction(db, (client) => orders.moveOn(client, order.id, "DELIVERED"))) logger.info({ orderId: order.id }, "order delivered, as Medusa says")
    } else if (state.shipped) {
      if (await transaction(db, (client) => orders.moveOn(client, order.id, "SHIPPED"))) logger.info({ orderId: order.id }, "order shipped, as Medusa says")
    }
  }

  /** Commerce said this order of Medusa's changed: a job reads its state, retried until Medusa answers. */
  async function noticed(medusaOrderId: string): Promise<boolean> {
    if (!(await orderByMedusaId(db, medusaOrderId))) return false
    await enqueueJob(db, ORDER_SYNC_JOB, medusaOrderId)
    return true
  }

  async function runSyncJob(job: Job): Promise<void> {
    try {
      const { order } = medusaOrderStateAnswerSchema.parse(await commerce.internal(`/internal/orders/${encodeURIComponent(job.key)}/state`))
      await apply(order)
    } catch (error) {
      // Not in Medusa (a BFF row whose Medusa order is gone): nothing to follow.
      if (error instanceof CommerceInternalError && error.status === 404) return
      throw error
    }
  }

  /** One round of the schedule: applies every order changed since the cursor; answers how many it read. */
  async function sweep(): Promise<number> {
    const saved = await cursorPosition(db)
    let since = new Date((saved?.getTime() ?? 0) - (saved ? LATE_COMMIT_MS : 0))
    let read = 0
    for (;;) {
      const { orders } = medusaOrderChangesSchema.parse(
        await commerce.internal(`/internal/orders/changes?since=${encodeURIComponent(since.toISOString())}&limit=${PAGE}`),
      )
      for (const state of orders) {
        try {
          await apply(state)
        } catch (err) {
          // One order failing doesn't hold up the rest: its job retries it.
          logger.warn({ err, orderId: state.id }, "could not apply an order's change from Medusa; retrying in a job")
          await enqueueJob(db, ORDER_SYNC_JOB, state.id)
        }
      }
      read += orders.length
      const last = orders.at(-1)
      if (!last) break
      const next = new Date(last.updated_at)
      await saveCursor(db, next)
      // A full page of changes stamped in one millisecond can't move the cursor on; Medusa stamps orders one by one.
      if (orders.length < PAGE || next.getTime() === since.getTime()) break
      since = next
    }
    return read
  }

  const syncJob: JobHandler = { run: runSyncJob, maxAttempts: ORDER_SYNC_JOB_ATTEMPTS }
  return { apply, noticed, sweep, syncJob }
}

export type MedusaOrderSync = ReturnType<typeof medusaOrderSync>
