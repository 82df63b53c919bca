import type { Db } from "../../lib/db.js"

type Queryable = Pick<Db, "query">

/** Reports from this many different people hide a post from everyone but its author until staff review it (review.ts). */
export const REPORTS_TO_HIDE = 3

/**
 * Records one report per person and post. The count and the hiding change in the same statement as
 * the report, so three racing reports hide the post exactly once. A post staff restored starts from no
 * reports, so it takes three new ones to hide it again. False when the post can't be seen.
 */
export async function reportPost(db: Queryable, postId: string, userId: string, reason: string): Promise<boolean> {
  const visible = await db.query("select 1 from bff.fitfeed_posts where id = $1 and (hidden_at is null or user_id = $2)", [postId, userId])
  if (!visible.rowCount) return false
  await db.query(
    `with r as (
       insert into bff.fitfeed_reports (post_id, user_id, reason) values ($1, $2, $3)
       on conflict do nothing returning post_id)
     update bff.fitfeed_posts
        set report_count = report_count + 1,
            hidden_at = case when report_count + 1 >= $4 then coalesce(hidden_at, now()) else hidden_at end
      where id in (select post_id from r)`,
    [postId, userId, reason, REPORTS_TO_HIDE],
  )
  return true
}
