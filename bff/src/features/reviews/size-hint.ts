import { SIZES, type Product, type SizeHintAnswer } from "@fitshop/contracts"
import type { Db } from "../../lib/db.js"
import { productsByIds } from "../catalog/index.js"
import { keptSizesOf } from "../orders/index.js"

type Queryable = Pick<Db, "query">

/**
 * The fit block a product is cut on: its category type with its subcategory (Oversized, Slim fit, Cargo pants …), or
 * for a product without one its style group; null when the catalogue doesn't say.
 */
function fitBlock(product: Pick<Product, "categoryType" | "subcategory" | "styleGroup">): string | null {
  const cut = product.subcategory ?? product.styleGroup
  return product.categoryType && cut ? `${product.categoryType}:${cut}` : null
}

/**
 * "You kept M in 3 similar pieces": among the pieces the shopper kept (delivered, not sent back; an exchange counts in
 * its new size) of products cut on the same block as this one, the size they kept most and in how many pieces (on a
 * tie, the larger size). Null when they kept none, or the size they kept most isn't one this product comes in.
 */
export async function sizeHintFor(db: Queryable, userId: string, product: Product): Promise<SizeHintAnswer["hint"]> {
  const block = fitBlock(product)
  if (!block) return null
  const kept = await keptSizesOf(db, userId)
  if (!kept.length) return null
  const products = await productsByIds(
    db,
    kept.map((piece) => piece.productId),
  )
  const pieces = new Map<string, number>()
  for (const piece of kept) {
    const bought = products.get(piece.productId)
    if (bought && fitBlock(bought) === block) pieces.set(piece.size, (pieces.get(piece.size) ?? 0) + piece.units)
  }
  const order = (size: string) => SIZES.indexOf(size as (typeof SIZES)[number])
  const [best] = [...pieces].sort(([sizeA, a], [sizeB, b]) => b - a || order(sizeB) - order(sizeA))
  return best && product.sizes.includes(best[0]) ? { size: best[0], pieces: best[1] } : null
}
