import { IMAGE_SIZES, type ListedProduct } from "@fitshop/contracts"
import { useId } from "react"
import { ProductCard } from "./product-card"

/** Spec section 9: at most 18 recommendations are shown. */
export const MAX_RECOMMENDATIONS = 18

type ProductRowProps = {
  title: string
  products: ListedProduct[]
}

/** A titled, horizontally scrolling row of product cards; nothing when there are none. */
export function ProductRow({ title, products }: ProductRowProps) {
  const headingId = useId()
  if (products.length === 0) return null

  return (
    <section className="product-row" aria-labelledby={headingId}>
      <h2 id={headingId} className="product-row__title">
        {title}
      </h2>
      <ul className="product-row__list">
        {products.slice(0, MAX_RECOMMENDATIONS).map((product) => (
          <li key={product.id} className="product-row__item">
            <ProductCard product={product} imageSizes={IMAGE_SIZES.productRow} />
          </li>
        ))}
      </ul>
    </section>
  )
}
