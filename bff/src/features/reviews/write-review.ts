import { ALREADY_REVIEWED, NOT_A_REVIEWER, NOT_YOUR_POST, REVIEW_NOT_FOUND, type createReviewBody, type updateReviewBody } from "@fitshop/contracts"
import type { z } from "zod"
import { badRequest, conflict, forbidden, notFound } from "../../http/errors.js"
import { isUniqueViolation, transaction, type Db } from "../../lib/db.js"
import { productAnswerChanged, productsByIds } from "../catalog/index.js"
import { postAttribution } from "../fitfeed/index.js"
import { latestPaidPurchaseOf } from "../orders/index.js"
import type { UploadsService } from "../uploads/index.js"
import { insertReview, lockOwnReview, reviewById, updateReview, withdrawReview, type ReviewChanges, type ReviewRow } from "./repository.js"

type Queryable = Pick<Db, "query">
type Deps = { db: Db; uploads: Pick<UploadsService, "resolveImage"> }

/**
 * The purchase a review of the product rests on: the shopper's newest delivered order holding a unit of it they kept
 * (none asked back), with the size on its line and whether they kept every unit of it (verified buyer).
 */
export const purchaseToReview = (client: Queryable, userId: string, productId: string, exceptOrderId: string | null = null) =>
  latestPaidPurchaseOf(client, userId, productId, exceptOrderId, true)

/** A linked post must be the shopper's own post of this product: anything else is refused with the contract's text. */
async function checkedPost(client: Queryable, userId: string, productId: string, postId: string | null | undefined): Promise<string | null | undefined> {
  if (!postId) return postId
  const post = await postAttribution(client, postId)
  if (!post || post.authorId !== userId || post.productId !== productId) throw badRequest(NOT_YOUR_POST)
  return postId
}

/**
 * A buyer reviews a product: only one whose line of it was delivered and kept (403 otherwise: never bought, only
 * cancelled, returned, or every unit asked back), once while their review stands (409; also when two tabs race: the
 * unique key decides), with a photo that is theirs (an upload of theirs or an inline one, re-encoded as a post's)
 * and a link only to their own post of it. The product's cached answer is refreshed once it commits.
 */
export async function createReview({ db, uploads }: Deps, userId: string, productId: string, body: z.output<typeof createReviewBody>): Promise<ReviewRow> {
  if (!(await productsByIds(db, [productId])).has(productId)) throw notFound("Product not found")
  const purchase = await purchaseToReview(db, userId, productId)
  if (!purchase) throw forbidden(NOT_A_REVIEWER)
  const postId = await checkedPost(db, userId, productId, body.postId)
  const photo = body.photo ? await uploads.resolveImage(userId, body.photo) : null
  const id = await transaction(db, async (client) => {
    try {
      const inserted = await insertReview(client, {
        userId,
        productId,
        orderId: purchase.orderId,
        sizeBought: purchase.size,
        verifiedBuyer: purchase.verified,
        rating: body.rating,
        fit: body.fit,
        text: body.text,
        photo: photo && { url: photo.url, thumbnailUrl: photo.thumbnailUrl },
        postId: postId ?? null,
      })
      await productAnswerChanged(client, productId)
      return inserted
    } catch (error) {
      if (isUniqueViolation(error, "reviews_one_per_buyer")) throw conflict(ALREADY_REVIEWED)
      throw error
    }
  })
  return (await reviewById(db, userId, id))!
}

/** The author changes their review (404 for anyone else's, or one withdrawn); it is marked edited. */
export async function editReview({ db, uploads }: Deps, userId: string, id: string, body: z.output<typeof updateReviewBody>): Promise<ReviewRow> {
  // A new photo is re-encoded before the review is held: the lock lasts only for the writes.
  const photo = typeof body.photo === "string" ? await uploads.resolveImage(userId, body.photo) : body.photo
  await transaction(db, async (client) => {
    const own = await lockOwnReview(client, userId, id)
    if (!own) throw notFound(REVIEW_NOT_FOUND)
    const changes: ReviewChanges = { rating: body.rating, fit: body.fit, text: body.text, photo: photo && { url: photo.url, thumbnailUrl: photo.thumbnailUrl } }
    if (body.postId !== undefined) changes.postId = (await checkedPost(client, userId, own.productId, body.postId)) ?? null
    await updateReview(client, id, changes)
    await productAnswerChanged(client, own.productId)
  })
  return (await reviewById(db, userId, id))!
}

/** The author withdraws their review: it shows nowhere and counts nowhere; they may write a new one. */
export async function withdrawOwnReview(db: Db, userId: string, id: string): Promise<void> {
  await transaction(db, async (client) => {
    const own = await lockOwnReview(client, userId, id)
    if (!own) throw notFound(REVIEW_NOT_FOUND)
    await withdrawReview(client, id, "author")
    await productAnswerChanged(client, own.productId)
  })
}
