import { useMyOrders } from "@/lib/api/get-my-orders"
import { useMyPosts } from "@/lib/api/get-my-posts"
import { postableProducts, type PostableProduct } from "../utils/postable-products"

/** The shopper's orders and posts, and once both are read, the products a new post may be about (null until then). */
export function usePostableProducts() {
  const orders = useMyOrders()
  const myPosts = useMyPosts()
  const products: PostableProduct[] | null = orders.data && !myPosts.isPending ? postableProducts(orders.data.orders, myPosts.data?.posts ?? []) : null
  return { orders, myPosts, products }
}

/** `productId` when it is one of the shopper's products they may still post about, else null. */
export function usePickableProduct(productId: string | null): string | null {
  const { products } = usePostableProducts()
  if (!productId) return null
  return products?.some((product) => product.productId === productId && !product.alreadyPosted) ? productId : null
}
