import type { Db } from "../../lib/db.js"
import { productsByIds } from "../catalog/index.js"
import type { OrderRecord } from "../orders/index.js"
import { purchaseToReview } from "./write-review.js"

type Queryable = Pick<Db, "query">

/**
 * The products of a delivered order its buyer may review and hasn't: still sold, a unit of it kept, and no review of
 * theirs standing. The invitation to review (order-messages) names these, and is not sent when there are none.
 */
export async function productsToReview(client: Queryable, order: Pick<OrderRecord, "userId" | "items">): Promise<{ productId: string; title: string }[]> {
  const productIds = [...new Set(order.items.map((line) => line.productId))]
  const [sold, reviewed] = await Promise.all([
    productsByIds(client, productIds),
    client.query<{ product_id: string }>("select product_id from bff.reviews where user_id = $1 and product_id = any($2) and withdrawn_at is null", [
      order.userId,
      productIds,
    ]),
  ])
  const already = new Set(reviewed.rows.map((row) => row.product_id))
  const open: { productId: string; title: string }[] = []
  for (const productId of productIds) {
    const product = sold.get(productId)
    if (product && !already.has(productId) && (await purchaseToReview(client, order.userId, productId))) open.push({ productId, title: product.title })
  }
  return open
}
