import type { LikeState } from "@fitshop/contracts"
import { prepared, type Db } from "../../lib/db.js"

type Queryable = Pick<Db, "query">

/**
 * Likes or unlikes a visible post for one reader; undefined when the post can't be seen. The like row
 * and the count change in one statement, so the count is exact however many like at once, and the
 * post's row is locked only inside that statement: no round trip to the BFF while others wait on it.
 * The statement's own transaction commits without waiting for the disk (set_config(…, true) lasts
 * until its commit): a crash can lose only the last instant's likes, rows and counts together.
 */
export async function setLike(db: Queryable, postId: string, userId: string, liked: boolean): Promise<LikeState | undefined> {
  const change = liked
    ? `insert into bff.fitfeed_likes (post_id, user_id)
       select id, $2 from bff.fitfeed_posts where id = $1 and (hidden_at is null or user_id = $2)
       on conflict do nothing returning post_id`
    : `delete from bff.fitfeed_likes l using bff.fitfeed_posts p
        where l.post_id = $1 and l.user_id = $2 and p.id = l.post_id and (p.hidden_at is null or p.user_id = $2)
       returning l.post_id`
  const statement = `with async_commit as (select set_config('synchronous_commit', 'off', true)),
     changed as (${change}),
     counted as (
       update bff.fitfeed_posts set like_count = like_count ${liked ? "+" : "-"} 1
        where id in (select post_id from changed) returning like_count)
     select coalesce((select like_count from counted), p.like_count) as like_count
       from bff.fitfeed_posts p, async_commit
      where p.id = $1 and (p.hidden_at is null or p.user_id = $2)`
  const { rows } = await db.query<{ like_count: number }>(prepared(statement, [postId, userId]))
  // Liking twice or unliking twice changes nothing and answers the same state.
  return rows[0] && { likeCount: rows[0].like_count, likedByMe: liked }
}
