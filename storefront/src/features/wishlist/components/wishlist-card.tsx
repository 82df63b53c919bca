import { IMAGE_SIZES, formatPaise, type WishlistItem } from "@fitshop/contracts"
import { useId } from "react"
import { Link } from "react-router-dom"
import { AddToBagButton, type AddToBagLabels } from "@/components/ui/add-to-bag-button"
import { ProductPicture } from "@/components/ui/product-picture"
import { paths } from "@/config/paths"
import { isUnauthorized } from "@/lib/api-client"
import { categoryLabel } from "@/lib/product-labels"
import { useRemoveFromWishlist } from "../api/remove-from-wishlist"

const ADD_LABELS: AddToBagLabels = { idle: "Add to cart", adding: "Adding…", added: "Added to cart" }

type WishlistCardProps = {
  item: WishlistItem
  /** Shows a failure on the page, or clears it (null) when the shopper tries again. */
  onFailure: (text: string | null) => void
  onSignInRequired: () => void
}

/** A saved product: its category, title and price link to it; 'Add to cart' puts it in the bag without a size. */
export function WishlistCard({ item, onFailure, onSignInRequired }: WishlistCardProps) {
  const { product } = item
  const titleId = useId()
  const remove = useRemoveFromWishlist()
  const category = product.subcategory ?? (product.styleGroup ? categoryLabel(product.styleGroup) : null)

  const removeItem = () => {
    remove.mutateAsync(item.id).catch((failure: unknown) => {
      if (isUnauthorized(failure)) onSignInRequired()
      else onFailure("Could not remove from wishlist")
    })
  }

  return (
    <li className="product-card wishlist-card" aria-labelledby={titleId}>
      <Link to={paths.product(product.id)} className="product-card__link">
        <ProductPicture product={product} sizes={IMAGE_SIZES.wardrobe} className="product-card__media" />
        <div className="product-card__body">
          {category ? <span className="chip chip--static wishlist-card__chip">{category}</span> : null}
          <span id={titleId} className="product-card__title">
            {product.title}
          </span>
          <span className="product-card__price">{formatPaise(product.basePrice)}</span>
        </div>
      </Link>
      <div className="wishlist-card__actions">
        <AddToBagButton
          productId={product.id}
          onSignInRequired={onSignInRequired}
          onError={onFailure}
          labels={ADD_LABELS}
          className="button button--primary"
          describedBy={titleId}
        />
        <button type="button" className="text-button" aria-describedby={titleId} disabled={remove.isPending} onClick={removeItem}>
          Remove
        </button>
      </div>
    </li>
  )
}
