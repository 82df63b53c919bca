import type { FitfeedUser, Profile } from "@fitshop/contracts"
import type { Db } from "../../lib/db.js"
import { normalizeHandle } from "../users/index.js"
import { presentAuthor } from "./presenter.js"

type Queryable = Pick<Db, "query">

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Staff rows (users' isStaffRow: a Medusa admin user's, current or removed, or an admin's) have no FITFEED profile:
 * FITFEED is the shoppers', and a staff member's page would name an account that runs the shop. A deleted account
 * (migration 044) has none either.
 */
export const shopperRow = (users: string) => `${users}.role <> 'admin' and ${users}.medusa_user_id is null and ${users}.deleted_at is null`

/** The shopper a profile key names: `@handle`, `handle` or a user id; undefined for staff, as for nobody. */
export async function profileUser(db: Queryable, key: string): Promise<FitfeedUser | undefined> {
  const id = USER_ID.test(key.toLowerCase()) ? key.toLowerCase() : null
  const handle = normalizeHandle(key)
  const { rows } = await db.query<{ id: string; name: string; handle: string; avatar_url: string | null }>(
    `select u.id, u.name, u.handle, u.avatar_url from bff.users u
      where (($1::uuid is not null and u.id = $1::uuid) or u.handle = $2) and ${shopperRow("u")} limit 1`,
    [id, handle],
  )
  return rows[0] && presentAuthor(rows[0])
}

/** The spec's Profile response for `readerId` (null when signed out). */
export async function profileOf(db: Queryable, user: FitfeedUser, readerId: string | null): Promise<Profile> {
  const { rows } = await db.query<{ posts: number; followers: number; following: number; is_following: boolean }>(
    `select (select count(*) from bff.fitfeed_posts p where p.user_id = $1 and (p.hidden_at is null or p.user_id = $2::uuid))::int as posts,
            (select count(*) from bff.fitfeed_follows where followee_id = $1)::int as followers,
            (select count(*) from bff.fitfeed_follows where follower_id = $1)::int as following,
            exists (select 1 from bff.fitfeed_follows where follower_id = $2::uuid and followee_id = $1) as is_following`,
    [user.id, readerId],
  )
  const counts = rows[0]!
  return {
    user,
    counts: { posts: counts.posts, followers: counts.followers, following: counts.following },
    isFollowing: counts.is_following,
    isMe: readerId === user.id,
  }
}
