import type { AdminReview, AdminReviewList, FitAnswer } from "@fitshop/contracts"
import { ADMIN_REVIEW_STATES } from "@fitshop/contracts"
import { transaction, type Db } from "../../lib/db.js"
import type { EventBus } from "../../lib/event-bus.js"
import { productAnswerChanged } from "../catalog/index.js"
import { REPORTS_TO_HIDE, TRUSTED_REPORTER } from "../fitfeed/index.js"

type Queryable = Pick<Db, "query">

/** The database and the bus, which tells the author (order-messages) when their review is hidden. */
type Deps = { db: Db; events: Pick<EventBus, "review"> }

/**
 * Records one report per person and review, as posts' (fitfeed/reports.ts): only a trusted reporter's counts toward
 * hiding, and REPORTS_TO_HIDE of them hide it from everyone but its author until staff look, in the same statement as
 * the report, so racing reports hide it once. False when the reader can't see it; its author is told when it hides.
 */
export async function reportReview({ db, events }: Deps, reviewId: string, userId: string, reason: string): Promise<boolean> {
  return transaction(db, async (client) => {
    const visible = await client.query("select 1 from bff.reviews where id = $1 and withdrawn_at is null and hidden_at is null", [reviewId])
    if (!visible.rowCount) return false
    const { rows } = await client.query<{ product_id: string; hidden_at: Date }>(
      `with reporter as (
         select ${TRUSTED_REPORTER} as trusted from bff.users u where u.id = $2
       ), r as (
         insert into bff.review_reports (review_id, user_id, reason, counts)
         select $1, $2, $3, trusted from reporter
         on conflict do nothing returning review_id, counts)
       update bff.reviews
          set report_count = report_count + 1,
              hidden_at = case when report_count + 1 >= $4 then coalesce(hidden_at, now()) else hidden_at end
        where id in (select review_id from r where counts)
        returning product_id, case when hidden_at is not null and report_count = $4 then hidden_at end as hidden_at`,
      [reviewId, userId, reason, REPORTS_TO_HIDE],
    )
    const hidden = rows[0]?.hidden_at
    if (hidden) {
      await events.review(client, reviewId, "hidden", { reason: null, hiddenAt: hidden })
      await productAnswerChanged(client, rows[0]!.product_id)
    }
    return true
  })
}

/**
 * Staff hide a standing review with a reason the author is told (again when staff give a new reason for a review
 * reports hid; not twice for a repeated click); false when there is no such review.
 */
export async function hideReview({ db, events }: Deps, reviewId: string, reason: string): Promise<boolean> {
  return transaction(db, async (client) => {
    const { rows } = await client.query<{ product_id: string; hidden_at: Date; told_before: boolean }>(
      `with before as (select id, hidden_reason from bff.reviews where id = $1 and withdrawn_at is null for update)
       update bff.reviews r set hidden_at = coalesce(r.hidden_at, now()), hidden_reason = $2, reviewed_at = now()
         from before where r.id = before.id
       returning r.product_id, r.hidden_at, before.hidden_reason is not distinct from $2 as told_before`,
      [reviewId, reason],
    )
    const row = rows[0]
    if (!row) return false
    if (!row.told_before) await events.review(client, reviewId, "hidden", { reason, hiddenAt: row.hidden_at })
    await productAnswerChanged(client, row.product_id)
    return true
  })
}

/**
 * Staff put a review back and clear its reports, so it takes three new trusted reporters to hide it again (the
 * cleared reports stay, so the same people can't report it twice); false when there is no such review.
 */
export async function restoreReview(db: Db, reviewId: string): Promise<boolean> {
  return transaction(db, async (client) => {
    const { rows } = await client.query<{ product_id: string }>(
      `update bff.reviews set hidden_at = null, hidden_reason = null, report_count = 0, reviewed_at = now()
        where id = $1 and withdrawn_at is null returning product_id`,
      [reviewId],
    )
    if (!rows[0]) return false
    await client.query("update bff.review_reports set cleared_at = now() where review_id = $1 and cleared_at is null", [reviewId])
    await productAnswerChanged(client, rows[0].product_id)
    return true
  })
}

type AdminRow = {
  id: string
  product_id: string
  product_title: string | null
  rating: number
  fit: FitAnswer
  size_bought: string | null
  text: string | null
  image_url: string | null
  thumb_url: string | null
  author_id: string
  author_name: string
  author_handle: string
  created_at: Date
  hidden_at: Date | null
  hidden_reason: string | null
  withdrawn_at: Date | null
  reports: number
  trusted: number
  reasons: string[]
  last_report_at: Date | null
}

/** Reasons shown per review at most, newest first. */
const REASONS_SHOWN = 20

function presentAdmin(row: AdminRow): AdminReview {
  return {
    id: row.id,
    product: { id: row.product_id, title: row.product_title ?? row.product_id },
    rating: row.rating,
    fit: row.fit,
    sizeBought: row.size_bought,
    text: row.text,
    photo: row.image_url && row.thumb_url ? { url: row.image_url, thumbnailUrl: row.thumb_url } : null,
    author: { id: row.author_id, name: row.author_name, handle: row.author_handle },
    createdAt: row.created_at.toISOString(),
    status: row.withdrawn_at ? "withdrawn" : row.hidden_at ? "hidden" : "visible",
    hiddenAt: row.hidden_at?.toISOString() ?? null,
    hiddenReason: row.hidden_reason,
    reports: { count: row.reports, trusted: row.trusted, reasons: row.reasons, lastAt: row.last_report_at?.toISOString() ?? null },
  }
}

type AdminState = (typeof ADMIN_REVIEW_STATES)[number]

/** Which reviews each list shows, and its order: reported ones by their latest report, hidden ones by when they hid. */
const LISTS: Record<AdminState, { where: string; order: string }> = {
  reported: { where: "r.withdrawn_at is null and rep.last_report_at is not null", order: "rep.last_report_at desc, r.id desc" },
  hidden: { where: "r.withdrawn_at is null and r.hidden_at is not null", order: "r.hidden_at desc, r.id desc" },
  all: { where: "true", order: "r.created_at desc, r.id desc" },
}

const ADMIN_SELECT = `select r.id::text, r.product_id, c.title as product_title, r.rating, r.fit, r.size_bought, r.text, r.image_url, r.thumb_url,
         u.id as author_id, u.name as author_name, u.handle as author_handle, r.created_at, r.hidden_at, r.hidden_reason, r.withdrawn_at,
         rep.reports, rep.trusted, rep.reasons, rep.last_report_at
    from bff.reviews r
    join bff.users u on u.id = r.user_id
    left join bff.catalog_products c on c.id = r.product_id
    cross join lateral (
      select count(*)::int as reports, (count(*) filter (where f.counts))::int as trusted,
             coalesce((array_agg(f.reason order by f.created_at desc))[1:${REASONS_SHOWN}], '{}') as reasons,
             max(f.created_at) as last_report_at
        from bff.review_reports f where f.review_id = r.id and f.cleared_at is null) rep`

/** A page of one of staff's lists, with how many it holds. */
export async function reviewsForStaff(db: Queryable, state: AdminState, limit: number, offset: number): Promise<AdminReviewList> {
  const list = LISTS[state]
  const [page, total] = await Promise.all([
    db.query<AdminRow>(`${ADMIN_SELECT} where ${list.where} order by ${list.order} limit $1 offset $2`, [limit, offset]),
    db.query<{ total: number }>(`select count(*)::int as total from (${ADMIN_SELECT} where ${list.where}) listed`),
  ])
  return { reviews: page.rows.map(presentAdmin), total: total.rows[0]!.total }
}

/** One review as staff read it. */
export async function reviewForStaff(db: Queryable, id: string): Promise<AdminReview | undefined> {
  const { rows } = await db.query<AdminRow>(`${ADMIN_SELECT} where r.id = $1`, [id])
  return rows[0] && presentAdmin(rows[0])
}
