import type { AccountExport } from "@fitshop/contracts"
import type { Db } from "../../lib/db.js"
import { productAnswerChanged } from "../catalog/index.js"

type Queryable = Pick<Db, "query">

/** The person's reviews for their data export: every one they wrote, withdrawn and hidden ones too. */
export async function reviewsOfAccount(db: Queryable, userId: string): Promise<AccountExport["reviews"]> {
  const { rows } = await db.query<{
    id: string
    product_id: string
    rating: number
    fit: string
    text: string | null
    image_url: string | null
    hidden_at: Date | null
    withdrawn_at: Date | null
    created_at: Date
    edited_at: Date | null
  }>(
    `select id::text, product_id, rating, fit, text, image_url, hidden_at, withdrawn_at, created_at, edited_at
       from bff.reviews where user_id = $1 order by created_at, id`,
    [userId],
  )
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    rating: row.rating,
    fit: row.fit,
    text: row.text,
    imageUrl: row.image_url,
    status: row.withdrawn_at ? "withdrawn" : row.hidden_at ? "hidden" : "visible",
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
  }))
}

/** An account's deletion takes its reviews (and the reports it made) with it; the products' figures follow. */
export async function removeReviewsOf(client: Queryable, userId: string): Promise<void> {
  await client.query("delete from bff.review_reports where user_id = $1", [userId])
  const { rows } = await client.query<{ product_id: string }>("delete from bff.reviews where user_id = $1 returning product_id", [userId])
  for (const productId of new Set(rows.map((row) => row.product_id))) await productAnswerChanged(client, productId)
}
