import type { Db } from "../../lib/db.js"

/** A post needs at least this many likes in 24 hours to trend, however quiet the feed is. */
export const TRENDING_MIN_LIKES = 5

/**
 * Marks as trending the posts liked unusually often in the last 24 hours: at least TRENDING_MIN_LIKES
 * and among the top tenth of the posts liked in that time. Answers how many trend now.
 */
export async function refreshTrending(db: Db): Promise<number> {
  const { rows } = await db.query<{ trending: number }>(
    `with recent as (
       select post_id, count(*) as likes from bff.fitfeed_likes where created_at > now() - interval '24 hours' group by post_id),
     bar as (
       select greatest($1::float8, coalesce(percentile_cont(0.9) within group (order by likes), 0)) as likes from recent),
     hot as (select post_id from recent, bar where recent.likes >= bar.likes),
     changed as (
       update bff.fitfeed_posts p set trending = p.id in (select post_id from hot)
        where p.trending <> (p.id in (select post_id from hot))
       returning p.id)
     select (select count(*) from hot)::int as trending`,
    [TRENDING_MIN_LIKES],
  )
  return rows[0]?.trending ?? 0
}
