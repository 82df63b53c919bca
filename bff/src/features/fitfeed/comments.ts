import type { Comment } from "@fitshop/contracts"
import type { Db } from "../../lib/db.js"
import { presentAuthor } from "./presenter.js"

type Queryable = Pick<Db, "query">

type CommentRow = {
  id: string
  post_id: string
  text: string
  created_at: Date
  user_id: string
  name: string
  handle: string
  avatar_url: string | null
  post_author_id: string
}

function presentComment(row: CommentRow, readerId: string | null): Comment {
  return {
    id: row.id,
    postId: row.post_id,
    text: row.text,
    createdAt: row.created_at.toISOString(),
    user: presentAuthor({ id: row.user_id, name: row.name, handle: row.handle, avatar_url: row.avatar_url }),
    canDelete: readerId !== null && (readerId === row.user_id || readerId === row.post_author_id),
  }
}

const COMMENT_COLUMNS = "c.id::text, c.post_id::text, c.text, c.created_at, u.id as user_id, u.name, u.handle, u.avatar_url, p.user_id as post_author_id"

/** A visible post's comments, newest first (at most `limit`); undefined when the reader can't see the post. */
export async function commentsOf(db: Queryable, postId: string, readerId: string | null, limit = 200): Promise<Comment[] | undefined> {
  const visible = await db.query("select 1 from bff.fitfeed_posts where id = $1 and (hidden_at is null or user_id = $2::uuid)", [postId, readerId])
  if (!visible.rowCount) return undefined
  const { rows } = await db.query<CommentRow>(
    `select ${COMMENT_COLUMNS} from bff.fitfeed_comments c
       join bff.users u on u.id = c.user_id join bff.fitfeed_posts p on p.id = c.post_id
      where c.post_id = $1 order by c.created_at desc, c.id desc limit $2`,
    [postId, limit],
  )
  return rows.map((row) => presentComment(row, readerId))
}

/** Adds a comment and counts it in the same statement; undefined when the post can't be seen. */
export async function addComment(db: Queryable, postId: string, userId: string, text: string): Promise<{ comment: Comment; commentCount: number } | undefined> {
  const { rows } = await db.query<CommentRow & { comment_count: number }>(
    `with c as (
       insert into bff.fitfeed_comments (post_id, user_id, text)
       select id, $2, $3 from bff.fitfeed_posts where id = $1 and (hidden_at is null or user_id = $2)
       returning *),
     p as (update bff.fitfeed_posts set comment_count = comment_count + 1 where id in (select post_id from c) returning id, user_id, comment_count)
     select ${COMMENT_COLUMNS}, p.comment_count from c join p on p.id = c.post_id join bff.users u on u.id = c.user_id`,
    [postId, userId, text],
  )
  const row = rows[0]
  return row && { comment: presentComment(row, userId), commentCount: row.comment_count }
}

/** Deletes a comment for its author or the post's author; undefined when neither (or no such comment). */
export async function deleteComment(db: Queryable, commentId: string, userId: string): Promise<{ commentCount: number } | undefined> {
  const { rows } = await db.query<{ comment_count: number }>(
    `with c as (
       delete from bff.fitfeed_comments c using bff.fitfeed_posts p
        where c.id = $1 and p.id = c.post_id and (c.user_id = $2 or p.user_id = $2)
       returning c.post_id)
     update bff.fitfeed_posts set comment_count = comment_count - 1 where id in (select post_id from c) returning comment_count`,
    [commentId, userId],
  )
  return rows[0] && { commentCount: rows[0].comment_count }
}
