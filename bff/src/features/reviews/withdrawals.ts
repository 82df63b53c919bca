import type { Db } from "../../lib/db.js"
import type { OrderEventListener, ReturnEventListener } from "../../lib/order-events.js"
import { productAnswerChanged } from "../catalog/index.js"
import { returnById } from "../returns/index.js"
import { withdrawReview } from "./repository.js"
import { purchaseToReview } from "./write-review.js"

type Queryable = Pick<Db, "query">

/**
 * The reviews resting on an order, after part or all of what they reviewed left it (`exceptOrder`: the order itself
 * ended): each moves to another delivered purchase of the product the author kept, if there is one (not a verified
 * buyer's any more unless they kept all of that one), or is withdrawn, counting nowhere.
 */
async function reviewsAfterPurchaseLeft(client: Queryable, orderId: string, productIds: string[] | null, exceptOrder: boolean): Promise<void> {
  const { rows } = await client.query<{ id: string; user_id: string; product_id: string }>(
    `select id::text, user_id, product_id from bff.reviews
      where order_id = $1 and withdrawn_at is null and ($2::text[] is null or product_id = any($2)) for update`,
    [orderId, productIds],
  )
  for (const review of rows) {
    const purchase = await purchaseToReview(client, review.user_id, review.product_id, exceptOrder ? orderId : null)
    if (purchase) {
      await client.query("update bff.reviews set order_id = $2, size_bought = $3, verified_buyer = $4 where id = $1", [
        review.id,
        purchase.orderId,
        purchase.size,
        purchase.verified,
      ])
    } else {
      await withdrawReview(client, review.id, "return")
    }
    await productAnswerChanged(client, review.product_id)
  }
}

/** An order cancelled or returned whole takes its reviews with it (unless another purchase holds them up). */
export const reviewsOfEndedOrder: OrderEventListener = async (client, orderId, event) => {
  if (event === "cancelled" || event === "returned") await reviewsAfterPurchaseLeft(client, orderId, null, true)
}

/**
 * A return refunded (its units back) settles the reviews of what it took back; a return or exchange asked or
 * cancelled changes what buyers told of the fit, so the product's answer is refreshed.
 */
export const reviewsAfterReturn: ReturnEventListener = async (client, returnId, event) => {
  if (event !== "return_refunded" && event !== "return_requested" && event !== "return_cancelled") return
  const ask = await returnById(client, returnId)
  if (!ask) return
  const productIds = [...new Set(ask.lines.map((line) => line.productId))]
  if (event === "return_refunded") await reviewsAfterPurchaseLeft(client, ask.orderId, productIds, false)
  for (const productId of productIds) await productAnswerChanged(client, productId)
}
