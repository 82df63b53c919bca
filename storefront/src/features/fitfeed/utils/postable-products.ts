import { orderHasEnded, type Order, type Post } from "@fitshop/contracts"

export type PostableProduct = {
  productId: string
  title: string
  imageUrl: string | null
  /** The shopper already posted a fit for it: shown, but it cannot be picked. */
  alreadyPosted: boolean
}

/**
 * Spec section 5: the products of the shopper's orders that were not cancelled (nor returned whole), newest order first,
 * one entry per product, marked when the shopper already posted about them.
 */
export function postableProducts(orders: Order[], myPosts: Pick<Post, "productId">[]): PostableProduct[] {
  const posted = new Set(myPosts.map((post) => post.productId))
  const newestFirst = orders.filter((order) => !orderHasEnded(order.status)).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
  const products = new Map<string, PostableProduct>()
  for (const order of newestFirst) {
    for (const item of order.items) {
      if (!item.productId || products.has(item.productId)) continue
      products.set(item.productId, {
        productId: item.productId,
        title: item.title,
        imageUrl: item.imageUrl,
        alreadyPosted: posted.has(item.productId),
      })
    }
  }
  return [...products.values()]
}
