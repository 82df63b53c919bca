import type { Product } from "./catalog.js"

/** A product saved to the wardrobe. */
export type WishlistItem = { id: string; productId: string; product: Product; createdAt: string }

export type Wishlist = { items: WishlistItem[] }
