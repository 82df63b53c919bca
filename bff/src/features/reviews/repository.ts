import type { FitAnswer, Review } from "@fitshop/contracts"
import { prepared, type Db } from "../../lib/db.js"
import type { Cursor } from "../../lib/page-cursor.js"

type Queryable = Pick<Db, "query">

/** A review as read for one reader: the presented Review, and what the routes decide by. */
export type ReviewRow = {
  review: Review
  userId: string
  /** created_at in microseconds since 1970 (a Date keeps only milliseconds): the keyset cursor's time. */
  createdAtMicros: string
}

type Row = {
  id: string
  user_id: string
  product_id: string
  rating: number
  fit: FitAnswer
  size_bought: string | null
  text: string | null
  image_url: string | null
  thumb_url: string | null
  post_id: string | null
  verified_buyer: boolean
  hidden: boolean
  created_at: Date
  created_at_us: string
  edited_at: Date | null
  author_card: string
}

/**
 * A review's columns for the reader $1 (a user id or null). The linked post shows while it is in the feed (or to its
 * author, who sees their own hidden post); the author is read as a post shows them (users.author_card).
 */
const COLUMNS = `r.id::text, r.user_id, r.product_id, r.rating, r.fit, r.size_bought, r.text, r.image_url, r.thumb_url,
  case when p.hidden_at is null or p.user_id = $1::uuid then p.id::text end as post_id,
  r.verified_buyer, r.hidden_at is not null as hidden, r.created_at, r.edited_at,
  (extract(epoch from r.created_at) * 1000000)::bigint::text as created_at_us, u.author_card`

const JOINS = `join bff.users u on u.id = r.user_id left join bff.fitfeed_posts p on p.id = r.post_id`

/** Whom a review shows to: everyone while it stands and staff haven't hidden it; its author while it stands. */
const VISIBLE_TO_READER = "r.withdrawn_at is null and (r.hidden_at is null or r.user_id = $1::uuid)"

function present(row: Row, readerId: string | null): ReviewRow {
  return {
    userId: row.user_id,
    createdAtMicros: row.created_at_us,
    review: {
      id: row.id,
      productId: row.product_id,
      rating: row.rating,
      fit: row.fit,
      sizeBought: row.size_bought,
      text: row.text,
      photo: row.image_url && row.thumb_url ? { url: row.image_url, thumbnailUrl: row.thumb_url } : null,
      postId: row.post_id,
      verifiedBuyer: row.verified_buyer,
      // The shop gives nothing for a review (the reviews policy says so); a rewarded review would say what here.
      incentive: null,
      createdAt: row.created_at.toISOString(),
      editedAt: row.edited_at?.toISOString() ?? null,
      author: JSON.parse(row.author_card) as Review["author"],
      mine: row.user_id === readerId,
      hidden: row.hidden,
    },
  }
}

export type ReviewFilter = { rating?: number | undefined; withPhoto?: boolean | undefined }

/**
 * A page of the product's reviews the reader may see, newest first, one more than `limit` (so the caller knows there is
 * more). Named statements (planned once per connection), one shape for a first page and one for a later page, so the
 * cursor stays a condition of the index scan in the later page's generic plan.
 */
export async function reviewsOfProduct(
  db: Queryable,
  readerId: string | null,
  productId: string,
  { limit, cursor, filter }: { limit: number; cursor?: Cursor | undefined; filter: ReviewFilter },
): Promise<ReviewRow[]> {
  const after = cursor ? "and (r.created_at, r.id) < (timestamptz 'epoch' + $6::bigint * interval '1 microsecond', $7::bigint)" : ""
  const values = [readerId, productId, filter.rating ?? null, filter.withPhoto ?? false, limit + 1]
  const { rows } = await db.query<Row>(
    prepared(
      `select ${COLUMNS} from bff.reviews r ${JOINS}
        where r.product_id = $2 and ${VISIBLE_TO_READER}
          and ($3::int is null or r.rating = $3) and (not $4 or r.image_url is not null) ${after}
        order by r.created_at desc, r.id desc limit $5`,
      cursor ? [...values, cursor.createdAtMicros, cursor.id] : values,
    ),
  )
  return rows.map((row) => present(row, readerId))
}

/** One review as the reader may see it; undefined when it doesn't stand or is hidden from them. */
export async function reviewById(db: Queryable, readerId: string | null, id: string): Promise<ReviewRow | undefined> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from bff.reviews r ${JOINS} where r.id = $2 and ${VISIBLE_TO_READER}`, [readerId, id])
  return rows[0] && present(rows[0], readerId)
}

/** The shopper's standing review of the product, if they wrote one. */
export async function reviewOfAuthor(db: Queryable, userId: string, productId: string): Promise<ReviewRow | undefined> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from bff.reviews r ${JOINS} where r.user_id = $1 and r.product_id = $2 and r.withdrawn_at is null`, [
    userId,
    productId,
  ])
  return rows[0] && present(rows[0], userId)
}

export type NewReview = {
  userId: string
  productId: string
  orderId: string
  sizeBought: string | null
  verifiedBuyer: boolean
  rating: number
  fit: FitAnswer
  text: string | null
  photo: { url: string; thumbnailUrl: string } | null
  postId: string | null
}

/** Inserts a review; a second standing review of the product by the same author fails on the unique key. */
export async function insertReview(client: Queryable, review: NewReview): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into bff.reviews (user_id, product_id, order_id, size_bought, verified_buyer, rating, fit, text, image_url, thumb_url, post_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id::text`,
    [
      review.userId,
      review.productId,
      review.orderId,
      review.sizeBought,
      review.verifiedBuyer,
      review.rating,
      review.fit,
      review.text,
      review.photo?.url ?? null,
      review.photo?.thumbnailUrl ?? null,
      review.postId,
    ],
  )
  return rows[0]!.id
}

/** The author's standing review, held until the transaction ends (an edit, a withdrawal); undefined when it isn't theirs. */
export async function lockOwnReview(client: Queryable, userId: string, id: string): Promise<{ productId: string } | undefined> {
  const { rows } = await client.query<{ product_id: string }>(
    "select product_id from bff.reviews where id = $1 and user_id = $2 and withdrawn_at is null for update",
    [id, userId],
  )
  return rows[0] && { productId: rows[0].product_id }
}

export type ReviewChanges = Partial<Pick<NewReview, "rating" | "fit" | "text" | "photo" | "postId">>

/** Writes the author's changes (undefined: unchanged; null takes the text, photo or link away) and marks it edited. */
export async function updateReview(client: Queryable, id: string, changes: ReviewChanges): Promise<void> {
  const { photo } = changes
  await client.query(
    `update bff.reviews set
        rating = coalesce($2, rating),
        fit = coalesce($3, fit),
        text = case when $4 then $5 else text end,
        image_url = case when $6 then $7 else image_url end,
        thumb_url = case when $6 then $8 else thumb_url end,
        post_id = case when $9 then $10::bigint else post_id end,
        edited_at = now()
      where id = $1`,
    [
      id,
      changes.rating ?? null,
      changes.fit ?? null,
      changes.text !== undefined,
      changes.text ?? null,
      photo !== undefined,
      photo?.url ?? null,
      photo?.thumbnailUrl ?? null,
      changes.postId !== undefined,
      changes.postId ?? null,
    ],
  )
}

/** The review stops standing: its author withdrew it, or the purchase it rests on came back whole. */
export async function withdrawReview(client: Queryable, id: string, by: "author" | "return"): Promise<void> {
  await client.query("update bff.reviews set withdrawn_at = now(), withdrawn_by = $2 where id = $1 and withdrawn_at is null", [id, by])
}
