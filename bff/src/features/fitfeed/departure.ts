import type { Db } from "../../lib/db.js"

type Queryable = Pick<Db, "query">

/**
 * A member deleted their account: their posts leave the feed as their own delete does (likes, comments, reports and
 * referral visits with them), their likes and comments on others' posts go with those posts' counts taken down in the
 * same statement (so the counts stay exact), and their follows go both ways. Answers the ids of the posts that left.
 */
export async function removeMember(client: Queryable, userId: string): Promise<string[]> {
  const { rows: posts } = await client.query<{ id: string }>("delete from bff.fitfeed_posts where user_id = $1 returning id::text", [userId])
  await client.query(
    `with gone as (delete from bff.fitfeed_likes where user_id = $1 returning post_id),
          counted as (select post_id, count(*)::int as n from gone group by post_id)
     update bff.fitfeed_posts p set like_count = p.like_count - c.n from counted c where p.id = c.post_id`,
    [userId],
  )
  await client.query(
    `with gone as (delete from bff.fitfeed_comments where user_id = $1 returning post_id),
          counted as (select post_id, count(*)::int as n from gone group by post_id)
     update bff.fitfeed_posts p set comment_count = p.comment_count - c.n from counted c where p.id = c.post_id`,
    [userId],
  )
  await client.query("delete from bff.fitfeed_follows where follower_id = $1 or followee_id = $1", [userId])
  return posts.map((post) => post.id)
}
