import type { Db } from "../../lib/db.js"
import { PAID_OR_DELIVERED } from "../orders/index.js"

type Queryable = Pick<Db, "query">

/** Reports from this many different people hide a post from everyone but its author until staff review it (review.ts). */
export const REPORTS_TO_HIDE = 3

/** A reporter whose report counts toward hiding: an account with a paid or delivered order, or older than this. */
const TRUSTED_AFTER_DAYS = 7

/**
 * SQL: whether the account `u` (bff.users) is a trusted reporter, whose report counts toward hiding a post or a
 * review: it has a paid or delivered order, or is older than TRUSTED_AFTER_DAYS, so a handful of fresh accounts can't
 * silence anyone.
 */
export const TRUSTED_REPORTER = `(u.created_at <= now() - make_interval(days => ${TRUSTED_AFTER_DAYS})
  or exists (select 1 from bff.orders o where o.user_id = u.id and not o.is_test and ${PAID_OR_DELIVERED}))`

/**
 * Records one report per person and post. Only a trusted reporter's report (an account with a paid or
 * delivered order, or older than 7 days) counts toward hiding, so a handful of fresh accounts can't silence
 * anyone; the others are kept for staff to read. The count and the hiding change in the same statement as the
 * report, so three racing reports hide the post exactly once. A post staff restored keeps its reports as
 * cleared: the same people can't report it into hiding again, three others can. False when the post can't be seen.
 */
export async function reportPost(db: Queryable, postId: string, userId: string, reason: string): Promise<boolean> {
  const visible = await db.query("select 1 from bff.fitfeed_posts where id = $1 and (hidden_at is null or user_id = $2)", [postId, userId])
  if (!visible.rowCount) return false
  await db.query(
    `with reporter as (
       select ${TRUSTED_REPORTER} as trusted from bff.users u where u.id = $2
     ), r as (
       insert into bff.fitfeed_reports (post_id, user_id, reason, counts)
       select $1, $2, $3, trusted from reporter
       on conflict do nothing returning post_id, counts)
     update bff.fitfeed_posts
        set report_count = report_count + 1,
            hidden_at = case when report_count + 1 >= $4 then coalesce(hidden_at, now()) else hidden_at end
      where id in (select post_id from r where counts)`,
    [postId, userId, reason, REPORTS_TO_HIDE],
  )
  return true
}
