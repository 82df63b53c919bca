import type { Db } from "../../lib/db.js"

type Queryable = Pick<Db, "query">

export async function followersOf(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("select count(*)::int as n from bff.fitfeed_follows where followee_id = $1", [userId])
  return rows[0]?.n ?? 0
}

/** Follows or unfollows; following twice (or unfollowing twice) changes nothing. */
export async function setFollow(db: Queryable, followerId: string, followeeId: string, following: boolean): Promise<void> {
  await db.query(
    following
      ? "insert into bff.fitfeed_follows (follower_id, followee_id) values ($1, $2) on conflict do nothing"
      : "delete from bff.fitfeed_follows where follower_id = $1 and followee_id = $2",
    [followerId, followeeId],
  )
}
