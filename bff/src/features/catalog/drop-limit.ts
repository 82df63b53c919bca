import { dropLimitMessage } from "@fitshop/contracts"
import { HttpError } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { inboxOf } from "../users/index.js"

type Queryable = Pick<Db, "query">

/**
 * One person as a drop's limit per shopper counts them: every account whose address delivers to one inbox (users'
 * inboxOf), and the advisory lock their bag's adds and their checkouts' holds of a drop take turns on.
 */
export type DropShopper = { lock: string; accountIds: string[] }

/** What ADD TO BAG and checkout answer to a person past a drop's limit. */
export const overDropLimit = (limit: number) => new HttpError(409, "drop_limit", dropLimitMessage(limit), {}, { limit })

/**
 * The person behind an account. Since migration 029 one account holds an inbox (`inbox`); older accounts of the same
 * inbox kept theirs without it (null), so those are read too and inboxOf decides.
 */
export async function dropShopper(client: Queryable, userId: string): Promise<DropShopper> {
  const { rows: own } = await client.query<{ email: string }>("select email from bff.users where id = $1", [userId])
  const inbox = inboxOf(own[0]?.email ?? "")
  const { rows } = await client.query<{ id: string; email: string }>(
    // A deleted account's tombstone address (deleted+<id>@invalid) is nobody's inbox.
    "select id, email from bff.users where inbox = $1 or (inbox is null and email not like 'deleted+%@invalid')",
    [inbox],
  )
  const accountIds = new Set([userId, ...rows.filter((row) => inboxOf(row.email) === inbox).map((row) => row.id)])
  return { lock: `drop-limit:${inbox}`, accountIds: [...accountIds] }
}

/** Takes the person's lock until the caller's transaction ends, so their adds and checkouts of a drop count one at a time. */
export async function lockDropShopper(client: Queryable, shopper: DropShopper): Promise<void> {
  await client.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [shopper.lock])
}

/**
 * The units of a drop the person already has, by the stock gate's count (bff.drop_units_taken, migration 049):
 * ordered and not cancelled, or held by a checkout of another of their accounts (this account's bag counts instead).
 */
export async function dropUnitsTaken(client: Queryable, shopper: DropShopper, userId: string, productId: string): Promise<number> {
  const { rows } = await client.query<{ taken: number }>("select bff.drop_units_taken($1, $2::uuid[], $3) as taken", [productId, shopper.accountIds, userId])
  return rows[0]!.taken
}
