import type { Product, WishlistItem } from "@fitshop/contracts"
import { buildProduct } from "./product-factory"

let sequence = 0

/** A wardrobe item as the BFF would send it, holding a product built from `product`. */
export function buildWishlistItem(product: Partial<Product> = {}): WishlistItem {
  sequence += 1
  const built = buildProduct(product)
  return { id: `wish_test_${String(sequence)}`, productId: built.id, product: built, createdAt: "2025-02-01T00:00:00.000Z" }
}
