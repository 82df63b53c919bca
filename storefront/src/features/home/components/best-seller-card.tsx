import { IMAGE_SIZES, formatPaise, type ListedProduct } from "@fitshop/contracts"
import type { MouseEvent } from "react"
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import { getPrimaryImage, imageSourceProps } from "@/lib/product-image"

type BestSellerCardProps = {
  product: ListedProduct
  rank: number
}

/** The wardrobe is not wired up on the home page yet: the button only keeps the click off the card. */
const blockCardNavigation = (event: MouseEvent<HTMLButtonElement>) => {
  event.preventDefault()
  event.stopPropagation()
}

export function BestSellerCard({ product, rank }: BestSellerCardProps) {
  const image = getPrimaryImage(product)
  const titleId = `best-seller-${product.id}-title`

  return (
    <article className="home-best-seller" data-testid="best-seller-card">
      <div className="home-best-seller__media">
        {image ? <img {...imageSourceProps(image, IMAGE_SIZES.bestSeller)} alt={image.alt} width={320} height={400} loading="lazy" decoding="async" /> : null}
        <span className="home-best-seller__rank">#{rank}</span>
        <button type="button" className="home-best-seller__wishlist" aria-label="Add to wardrobe" aria-describedby={titleId} onClick={blockCardNavigation}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M12 20.5s-7.5-4.6-9.3-9.1C1.5 8.3 3.4 5 6.7 5c2 0 3.4 1.1 4.3 2.5h2C13.9 6.1 15.3 5 17.3 5c3.3 0 5.2 3.3 4 6.4-1.8 4.5-9.3 9.1-9.3 9.1z" />
          </svg>
        </button>
      </div>
      <div className="home-best-seller__body">
        <h3 id={titleId} className="home-best-seller__title">
          {product.title}
        </h3>
        <p className="home-best-seller__price">{formatPaise(product.basePrice)}</p>
        <Link to={paths.product(product.id)} className="home-best-seller__quick-view" aria-describedby={titleId}>
          Quick view
        </Link>
      </div>
    </article>
  )
}
