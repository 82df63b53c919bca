import { transaction, type Db } from "../../lib/db.js"

export type LikeState = { likeCount: number; likedByMe: boolean }

/**
 * Likes or unlikes a visible post for one reader; undefined when the post can't be seen. The like row
 * and the count change in one statement, so the count is exact however many like at once. Likes are
 * committed without waiting for the disk: the row lock on a hot post is then held for microseconds, not
 * a flush, and a crash can lose only the last instant's likes, rows and count together.
 */
export async function setLike(db: Db, postId: string, userId: string, liked: boolean): Promise<LikeState | undefined> {
  return transaction(db, async (client) => {
    await client.query("set local synchronous_commit = off")
    const change = liked
      ? `with changed as (
           insert into bff.fitfeed_likes (post_id, user_id)
           select id, $2 from bff.fitfeed_posts where id = $1 and (hidden_at is null or user_id = $2)
           on conflict do nothing returning post_id)
         update bff.fitfeed_posts set like_count = like_count + 1 where id in (select post_id from changed) returning like_count`
      : `with changed as (delete from bff.fitfeed_likes where post_id = $1 and user_id = $2 returning post_id)
         update bff.fitfeed_posts set like_count = like_count - 1 where id in (select post_id from changed) returning like_count`
    const changed = await client.query<{ like_count: number }>(change, [postId, userId])
    if (changed.rows[0]) return { likeCount: changed.rows[0].like_count, likedByMe: liked }
    // Nothing changed: liked twice, unliked twice, or no such post.
    const { rows } = await client.query<{ like_count: number; liked: boolean }>(
      `select like_count, exists (select 1 from bff.fitfeed_likes where post_id = $1 and user_id = $2) as liked
         from bff.fitfeed_posts where id = $1 and (hidden_at is null or user_id = $2)`,
      [postId, userId],
    )
    return rows[0] && { likeCount: rows[0].like_count, likedByMe: rows[0].liked }
  })
}
