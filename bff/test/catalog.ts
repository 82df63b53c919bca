import type { RequestListener } from "node:http"
import request from "supertest"
import type { ListedProduct, Product } from "@fitshop/contracts"

/**
 * A product of the seed: its pictures are the seed's generated ones. Other test files publish products of
 * their own through the console into the same catalogue while tests run (admin-products), and archive them.
 */
export const isSeeded = (product: Pick<ListedProduct, "imageUrl">): boolean => product.imageUrl?.startsWith("/media/products/") ?? false

/**
 * The newest seeded products as their product pages send them (variants with their stock): listings carry
 * cards only. One page at a time, in the listing's order.
 */
export async function newestProducts(app: RequestListener, limit = 100): Promise<Product[]> {
  const listing = await request(app)
    .get("/api/products")
    .query({ limit: String(limit), sort: "newest" })
  const products: Product[] = []
  for (const { id } of (listing.body.products as ListedProduct[]).filter(isSeeded)) {
    products.push((await request(app).get(`/api/products/${id}`)).body.product as Product)
  }
  return products
}
