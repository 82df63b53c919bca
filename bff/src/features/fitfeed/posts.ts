import type { Db } from "../../lib/db.js"
import { prepared } from "../../lib/db.js"
import { latestPaidPurchaseOf } from "../orders/index.js"
import type { Cursor } from "./schema.js"

type Queryable = Pick<Db, "query">

/** A post as read: the presented Post as JSON text, and what the routes decide by. */
export type PostRow = {
  id: string
  user_id: string
  /** created_at in microseconds since 1970, exact (a Date keeps only milliseconds): the keyset cursor's time. */
  created_at_us: string
  /** The spec's Post for this reader, as JSON text made by PostgreSQL and sent as it is. */
  post: string
}

/**
 * The spec's Post for the reader $1 (a user id, or null when signed out), plus the buyer's fit note
 * (verifiedBuyer, sizeBought) and the author's own review mark, as JSON text sent as it is. The parts
 * that change seldom are kept as JSON beside their rows (migration 014: the post's card_head, the
 * author's author_card, the product's post_card); a read joins them with the counts, likedByMe and
 * earningsCoins, which only the author reads (null to everyone else: what a post earned is theirs).
 */
const POST_JSON = `'{' || p.card_head || ',"likeCount":' || p.like_count || ',"commentCount":' || p.comment_count
    || ',"likedByMe":' || ($1::uuid is not null and exists (select 1 from bff.fitfeed_likes l where l.post_id = p.id and l.user_id = $1::uuid))
    || ',"trending":' || p.trending
    || ',"earningsCoins":' || case when p.user_id = $1::uuid then p.earnings_coins::text else 'null' end
    || ',"underReview":' || (p.hidden_at is not null)
    || ',"user":' || u.author_card || ',"Product":' || coalesce(c.post_card, 'null') || '}'`

const POST_COLUMNS = `p.id::text, p.user_id, (extract(epoch from p.created_at) * 1000000)::bigint::text as created_at_us, ${POST_JSON} as post`

const POST_JOINS = `
  join bff.users u on u.id = p.user_id
  left join bff.catalog_products c on c.id = p.product_id`

/** Whom a post shows to: everyone until three reports hide it, its author always. */
const VISIBLE_TO_READER = "(p.hidden_at is null or p.user_id = $1::uuid)"

/*
 * Page sizes are written into the SQL (they are validated whole numbers, at most FEED_PAGE_SIZE + 1, so a
 * bounded set of statements): with LIMIT as a parameter PostgreSQL could not cost a generic plan and
 * planned every execution anew, which was two thirds of a feed read's time.
 */

/** A page size as SQL text: only a positive whole number ever reaches the statement's text. */
function sqlLimit(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error(`not a page size: ${rows}`)
  return String(rows)
}

/**
 * The feed for a signed-in reader, as the JSON text of its posts array: posts of people they follow from
 * the last 7 days, then everyone's newest. One row of text: the feed needs no cursor from its rows.
 */
export async function feedFor(db: Queryable, readerId: string, limit: number): Promise<string> {
  const { rows } = await db.query<{ posts: string }>(
    prepared(
      `with followed as (
         select p.id, 0 as tier, p.created_at from bff.fitfeed_posts p
           join bff.fitfeed_follows f on f.followee_id = p.user_id and f.follower_id = $1::uuid
          where p.created_at > now() - interval '7 days' and p.hidden_at is null
          order by p.created_at desc, p.id desc limit ${sqlLimit(limit)}),
       newest as (
         select p.id, 1 as tier, p.created_at from bff.fitfeed_posts p
          where ${VISIBLE_TO_READER}
          order by p.created_at desc, p.id desc limit ${sqlLimit(limit * 2)}),
       chosen as (
         select * from followed
         union all
         select * from newest where id not in (select id from followed)
          order by tier, created_at desc, id desc limit ${sqlLimit(limit)})
       select coalesce('[' || string_agg(${POST_JSON}, ',' order by ch.tier, ch.created_at desc, ch.id desc) || ']', '[]') as posts
         from chosen ch join bff.fitfeed_posts p on p.id = ch.id ${POST_JOINS}`,
      [readerId],
    ),
  )
  return rows[0]!.posts
}

/** Everyone's newest posts, as a visitor (or a reader, for likedByMe) sees them. */
export async function newestPosts(db: Queryable, readerId: string | null, limit: number): Promise<PostRow[]> {
  const { rows } = await db.query<PostRow>(
    prepared(
      `select ${POST_COLUMNS} from bff.fitfeed_posts p ${POST_JOINS}
        where ${VISIBLE_TO_READER}
        order by p.created_at desc, p.id desc limit ${sqlLimit(limit)}`,
      [readerId],
    ),
  )
  return rows
}

export async function postById(db: Queryable, readerId: string | null, id: string): Promise<PostRow | undefined> {
  const { rows } = await db.query<PostRow>(
    prepared(`select ${POST_COLUMNS} from bff.fitfeed_posts p ${POST_JOINS} where p.id = $2 and ${VISIBLE_TO_READER}`, [readerId, id]),
  )
  return rows[0]
}

/**
 * One page of an author's posts, newest first, after `cursor` (keyset on created_at and id, so posts
 * added meanwhile never shift the pages). Asks for one more than `limit` to tell whether more follow.
 */
export async function postsByAuthor(db: Queryable, readerId: string | null, authorId: string, limit: number, cursor?: Cursor): Promise<PostRow[]> {
  const { rows } = await db.query<PostRow>(
    prepared(
      `select ${POST_COLUMNS} from bff.fitfeed_posts p ${POST_JOINS}
        where p.user_id = $2 and ${VISIBLE_TO_READER}
          and ($3::bigint is null or (p.created_at, p.id) < (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::bigint))
        order by p.created_at desc, p.id desc limit ${sqlLimit(limit + 1)}`,
      [readerId, authorId, cursor?.createdAtMicros ?? null, cursor?.id ?? null],
    ),
  )
  return rows
}

export type NewPost = {
  userId: string
  productId: string
  orderId: string
  sizeBought: string | null
  /** Every unit of the product on that order kept (latestPaidPurchaseOf): the post is a verified buyer's. */
  verifiedBuyer: boolean
  text: string | null
  imageUrl: string
  thumbUrl: string
}

/** Inserts a post; a second post for the same product by the same author fails on the unique key. */
export async function insertPost(db: Queryable, post: NewPost): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into bff.fitfeed_posts (user_id, product_id, order_id, size_bought, text, image_url, thumb_url, verified_buyer)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::text`,
    [post.userId, post.productId, post.orderId, post.sizeBought, post.text, post.imageUrl, post.thumbUrl, post.verifiedBuyer],
  )
  return rows[0]!.id
}

export async function hasPosted(db: Queryable, userId: string, productId: string): Promise<boolean> {
  const { rowCount } = await db.query("select 1 from bff.fitfeed_posts where user_id = $1 and product_id = $2", [userId, productId])
  return (rowCount ?? 0) > 0
}

/**
 * Deletes a post for good: its likes, comments, reports and referral visits go with it, and the coins it
 * earned stay in the ledger. With `authorId`, only that author's own post; false when there is none to delete.
 */
export async function deletePost(db: Queryable, id: string, authorId: string | null): Promise<boolean> {
  const { rowCount } = await db.query("delete from bff.fitfeed_posts where id = $1 and ($2::uuid is null or user_id = $2::uuid)", [id, authorId])
  return (rowCount ?? 0) > 0
}

/**
 * An order that let its buyer post was cancelled or came back to us: each post made on it rests on another paid
 * or delivered order of the author's for the product, if there is one, or leaves the feed for good (deleted,
 * as its author's delete does). Answers the ids of the posts that left.
 */
export async function withdrawPostsOfOrder(client: Queryable, orderId: string): Promise<string[]> {
  const { rows: posts } = await client.query<{ id: string; user_id: string; product_id: string }>(
    "select id::text, user_id, product_id from bff.fitfeed_posts where order_id = $1 for update",
    [orderId],
  )
  const withdrawn: string[] = []
  for (const post of posts) {
    const other = await latestPaidPurchaseOf(client, post.user_id, post.product_id, orderId)
    if (other) {
      await client.query("update bff.fitfeed_posts set order_id = $2, size_bought = $3, verified_buyer = $4 where id = $1", [
        post.id,
        other.orderId,
        other.size,
        other.verified,
      ])
    } else if (await deletePost(client, post.id, null)) {
      withdrawn.push(post.id)
    }
  }
  return withdrawn
}

/**
 * Part of a purchase came back: posts made on the order about the product no longer come from a verified buyer,
 * unless another paid or delivered order of the author's holds the product up. When every unit of it came back
 * (`wholePurchaseBack`), they go as a cancelled order's do (withdrawPostsOfOrder). Answers the ids of the posts that left.
 */
export async function postsAfterReturn(client: Queryable, orderId: string, productId: string, wholePurchaseBack: boolean): Promise<string[]> {
  const { rows: posts } = await client.query<{ id: string; user_id: string }>(
    "select id::text, user_id from bff.fitfeed_posts where order_id = $1 and product_id = $2 for update",
    [orderId, productId],
  )
  const withdrawn: string[] = []
  for (const post of posts) {
    const other = await latestPaidPurchaseOf(client, post.user_id, productId, orderId)
    if (other) {
      await client.query("update bff.fitfeed_posts set order_id = $2, size_bought = $3, verified_buyer = $4 where id = $1", [
        post.id,
        other.orderId,
        other.size,
        other.verified,
      ])
    } else if (!wholePurchaseBack) {
      await client.query("update bff.fitfeed_posts set verified_buyer = false where id = $1", [post.id])
    } else if (await deletePost(client, post.id, null)) {
      withdrawn.push(post.id)
    }
  }
  return withdrawn
}

/** Deletes the author's own post; false when it is not theirs. */
export const deleteOwnPost = (db: Queryable, userId: string, id: string): Promise<boolean> => deletePost(db, id, userId)

/** The post's author and product, for referral attribution; undefined for a post that does not exist. */
export async function postAttribution(
  db: Queryable,
  id: string,
): Promise<{ authorId: string; productId: string; authorHandle: string; hidden: boolean } | undefined> {
  const { rows } = await db.query<{ user_id: string; product_id: string; handle: string; hidden: boolean }>(
    `select p.user_id, p.product_id, u.handle, p.hidden_at is not null as hidden
       from bff.fitfeed_posts p join bff.users u on u.id = p.user_id where p.id = $1`,
    [id],
  )
  const row = rows[0]
  return row && { authorId: row.user_id, productId: row.product_id, authorHandle: row.handle, hidden: row.hidden }
}
