import type { Post, Profile } from "@fitshop/contracts"
import type { Db } from "../../lib/db.js"
import { postById, postsByAuthor } from "./posts.js"
import { profileOf, profileUser, shopperRow } from "./profiles.js"
import { DIGITS_ID } from "./schema.js"

type Queryable = Pick<Db, "query">

/** A post as a signed-out visitor reads it from the API (never one hidden by reports), or undefined. */
export async function publicPost(db: Queryable, id: string): Promise<Post | undefined> {
  if (!DIGITS_ID.test(id)) return undefined
  const row = await postById(db, null, id)
  return row && (JSON.parse(row.post) as Post)
}

/** A profile as a signed-out visitor reads it from the API, with the newest post they can see (for its picture). */
export async function publicProfile(db: Queryable, key: string): Promise<{ profile: Profile; latestPost: Post | undefined } | undefined> {
  const user = await profileUser(db, key)
  if (!user) return undefined
  const [profile, [latest]] = await Promise.all([profileOf(db, user, null), postsByAuthor(db, null, user.id, 1)])
  return { profile, latestPost: latest && (JSON.parse(latest.post) as Post) }
}

/**
 * The profiles worth a search engine's visit: shoppers' (staff have none) showing at least one post to everyone (a
 * page of no posts has nothing to find), by handle, each with when the person or their newest visible post last changed.
 */
export async function profilesWithPosts(db: Queryable): Promise<{ handle: string; updatedAt: Date }[]> {
  const { rows } = await db.query<{ handle: string; updated_at: Date }>(
    `select u.handle, greatest(u.updated_at, max(p.created_at)) as updated_at
       from bff.fitfeed_posts p join bff.users u on u.id = p.user_id
      where p.hidden_at is null and ${shopperRow("u")}
      group by u.id
      order by u.handle`,
  )
  return rows.map((row) => ({ handle: row.handle, updatedAt: row.updated_at }))
}
