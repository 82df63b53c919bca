import { useDeferredList } from "@/hooks/use-deferred-list"
import type { ListedProduct } from "@fitshop/contracts"
import { ProductCard } from "./product-card"
import { ProductCardSkeleton } from "./product-card-skeleton"

const SKELETON_CARD_COUNT = 10

/** The widest grid shows five columns, so the first five cards are the first row everywhere. */
const FIRST_ROW_CARD_COUNT = 5

type ProductGridProps = {
  products: ListedProduct[]
}

/** The cards render as a deferred list (useDeferredList); the skeleton stays until they are ready. */
export function ProductGrid({ products }: ProductGridProps) {
  const { shown, pending } = useDeferredList(products)
  if (pending) return <ProductGridSkeleton />
  return (
    <ul className="product-grid">
      {shown.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} imageLoading={index < FIRST_ROW_CARD_COUNT ? "eager" : "lazy"} />
        </li>
      ))}
    </ul>
  )
}

export function ProductGridSkeleton() {
  return (
    <div className="product-grid" role="status" aria-label="Loading products">
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  )
}
