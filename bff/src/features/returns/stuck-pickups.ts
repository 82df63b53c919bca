import type { Db } from "../../lib/db.js"
import type { Logger } from "../../lib/logger.js"

/**
 * Returns whose pickup has waited more than `days` since the ask (never booked, or booked and never collected, the
 * courier silent) are flagged for staff once: `stuck_at` shows them in the console's returns list, and an error
 * line goes to the logs ops alert on. Answers how many were flagged this round.
 */
export async function flagStuckPickups(db: Pick<Db, "query">, logger: Logger, days: number): Promise<number> {
  const { rows } = await db.query<{ id: string; order_id: string; status: string; awb: string | null; requested_at: Date }>(
    `update bff.returns set stuck_at = now(), updated_at = now()
      where stuck_at is null and status in ('requested', 'pickup_scheduled') and requested_at < now() - $1 * interval '1 day'
      returning id, order_id, status, awb, requested_at`,
    [days],
  )
  for (const row of rows) {
    logger.error(
      { returnId: row.id, orderId: row.order_id, status: row.status, awb: row.awb, requestedAt: row.requested_at },
      `return pickup still waiting after ${days} days; follow it up with the courier`,
    )
  }
  return rows.length
}
