import type { ReviewsAnswer } from "@fitshop/contracts"
import { badRequest } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { decodeCursor, encodeCursor } from "../../lib/page-cursor.js"
import { reviewsOfProduct, type ReviewFilter } from "./repository.js"

/** A page of the product's reviews as the reader may see them, newest first, with the cursor of the next page (null at the end). */
export async function reviewsPage(
  db: Pick<Db, "query">,
  readerId: string | null,
  productId: string,
  { limit, cursor: rawCursor, filter }: { limit: number; cursor?: string | undefined; filter: ReviewFilter },
): Promise<ReviewsAnswer> {
  const cursor = rawCursor ? decodeCursor(rawCursor) : undefined
  if (rawCursor && !cursor) throw badRequest("cursor: is not a cursor this server gave")
  const rows = await reviewsOfProduct(db, readerId, productId, { limit, cursor, filter })
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    reviews: page.map((row) => row.review),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAtMicros: last.createdAtMicros, id: last.review.id }) : null,
  }
}
