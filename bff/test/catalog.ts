import type { RequestListener } from "node:http"
import request from "supertest"
import type { ListedProduct, Product } from "@fitshop/contracts"

/**
 * The newest products as their product pages send them (variants with their stock): listings carry
 * cards only. One page at a time, in the listing's order.
 */
export async function newestProducts(app: RequestListener, limit = 100): Promise<Product[]> {
  const listing = await request(app)
    .get("/api/products")
    .query({ limit: String(limit), sort: "newest" })
  const products: Product[] = []
  for (const { id } of listing.body.products as ListedProduct[]) {
    products.push((await request(app).get(`/api/products/${id}`)).body.product as Product)
  }
  return products
}
