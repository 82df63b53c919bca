import type { Product } from "./product"

/** A product saved to the wardrobe. */
export type WishlistItem = {
  id: string
  productId: string
  product: Product
  createdAt: string
}

export type WishlistResponse = {
  items: WishlistItem[]
}
