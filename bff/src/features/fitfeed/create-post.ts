import type { z } from "zod"
import { conflict, forbidden } from "../../http/errors.js"
import { isUniqueViolation, type Db } from "../../lib/db.js"
import { latestPaidPurchaseOf } from "../orders/index.js"
import type { UploadsService } from "../uploads/index.js"
import { hasPosted, insertPost, postById, type PostRow } from "./posts.js"
import { ALREADY_POSTED, NOT_BOUGHT, type createPostBody } from "./schema.js"

/**
 * A buyer posts a fit: only for a unit they kept of a product on one of their paid or delivered orders (403 when
 * they have none, or asked every one back; "verified buyer" only when they kept all they bought of it), once per
 * product (409, also when two posts race: the unique key decides), with a photo that is theirs (an inline one
 * or their own upload, re-encoded by the uploads service). Answers the post as its author reads it.
 */
export async function createPost(
  { db, uploads }: { db: Db; uploads: UploadsService },
  authorId: string,
  body: z.infer<typeof createPostBody>,
): Promise<PostRow> {
  const purchase = await latestPaidPurchaseOf(db, authorId, body.productId)
  if (!purchase) throw forbidden(NOT_BOUGHT)
  if (await hasPosted(db, authorId, body.productId)) throw conflict(ALREADY_POSTED)
  const image = await uploads.resolveImage(authorId, body.imageUrl)
  let id: string
  try {
    id = await insertPost(db, {
      userId: authorId,
      productId: body.productId,
      orderId: purchase.orderId,
      sizeBought: purchase.size,
      verifiedBuyer: purchase.verified,
      text: body.text,
      imageUrl: image.url,
      thumbUrl: image.thumbnailUrl,
    })
  } catch (error) {
    if (isUniqueViolation(error, "fitfeed_posts_user_id_product_id_key")) throw conflict(ALREADY_POSTED)
    throw error
  }
  return (await postById(db, authorId, id))!
}
