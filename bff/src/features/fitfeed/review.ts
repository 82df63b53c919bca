import type { ReportedPost, ReportedPostList } from "@fitshop/contracts"
import { transaction, type Db } from "../../lib/db.js"

type Queryable = Pick<Db, "query">

/** Reasons shown per post at most, newest first (a hidden post takes no new reports, so this is rarely reached). */
const REASONS_SHOWN = 20

type ReportedRow = {
  id: string
  image_url: string
  thumb_url: string
  text: string | null
  author_id: string
  author_name: string
  author_handle: string
  report_count: number
  reasons: string[]
  last_report_at: Date
  hidden_at: Date
  created_at: Date
}

function presentReported(row: ReportedRow): ReportedPost {
  return {
    id: row.id,
    imageUrl: row.image_url,
    thumbnailUrl: row.thumb_url,
    text: row.text,
    author: { id: row.author_id, name: row.author_name, handle: row.author_handle },
    reports: { count: row.report_count, reasons: row.reasons, lastAt: row.last_report_at.toISOString() },
    hiddenAt: row.hidden_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  }
}

/** The posts that reports took out of the feed, the most recently hidden first, for staff to review. */
export async function reportedPosts(db: Queryable, limit: number, offset: number): Promise<ReportedPostList> {
  const [page, total] = await Promise.all([
    db.query<ReportedRow>(
      `select p.id::text, p.image_url, p.thumb_url, p.text, p.hidden_at, p.created_at,
              u.id as author_id, u.name as author_name, u.handle as author_handle,
              r.report_count, r.reasons, coalesce(r.last_report_at, p.hidden_at) as last_report_at
         from bff.fitfeed_posts p
         join bff.users u on u.id = p.user_id
         cross join lateral (
           select count(*)::int as report_count,
                  coalesce((array_agg(f.reason order by f.created_at desc))[1:$3::int], '{}') as reasons,
                  max(f.created_at) as last_report_at
             from bff.fitfeed_reports f where f.post_id = p.id and f.cleared_at is null) r
        where p.hidden_at is not null
        order by p.hidden_at desc, p.id desc
        limit $1 offset $2`,
      [limit, offset, REASONS_SHOWN],
    ),
    db.query<{ total: number }>("select count(*)::int as total from bff.fitfeed_posts where hidden_at is not null"),
  ])
  return { posts: page.rows.map(presentReported), total: total.rows[0]!.total }
}

/**
 * Puts a post back in the feed and clears its reports, so it takes three new reporters to hide it again (the
 * cleared ones stay, so the same people can't report it twice); false when there is no such post. The post
 * is locked first, so a report racing the review either lands before it (and is cleared) or after it (and counts).
 */
export async function restorePost(db: Db, id: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    const { rowCount } = await tx.query("select 1 from bff.fitfeed_posts where id = $1 for update", [id])
    if (!rowCount) return false
    await tx.query("update bff.fitfeed_reports set cleared_at = now() where post_id = $1 and cleared_at is null", [id])
    await tx.query("update bff.fitfeed_posts set hidden_at = null, report_count = 0, reviewed_at = now() where id = $1", [id])
    return true
  })
}
