import { useId, useState } from "react"
import { Link } from "react-router-dom"
import { ProductPicture } from "@/components/ui/product-picture"
import { paths } from "@/config/paths"
import { useAddToCart } from "@/lib/api/add-to-cart"
import { isUnauthorized } from "@/lib/api-client"
import { formatPaise } from "@/lib/money"
import { categoryLabel } from "@/lib/product-labels"
import { getReferralPostId } from "@/lib/referral"
import type { WishlistItem } from "@/types/wishlist"
import { useRemoveFromWishlist } from "../api/remove-from-wishlist"

/** The wardrobe grid's columns, as the catalogue's: 2, then 3 from 640px, 4 from 1024px, 5 from 1280px. */
const WARDROBE_IMAGE_SIZES = "(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"

type AddState = "idle" | "adding" | "added"

const ADD_LABELS: Record<AddState, string> = {
  idle: "Add to cart",
  adding: "Adding…",
  added: "Added to cart",
}

type WishlistCardProps = {
  item: WishlistItem
  onFailure: (text: string) => void
  onSignInRequired: () => void
}

/** A saved product: its category, title and price link to it; 'Add to cart' puts it in the bag without a size. */
export function WishlistCard({ item, onFailure, onSignInRequired }: WishlistCardProps) {
  const { product } = item
  const titleId = useId()
  const addToCart = useAddToCart()
  const remove = useRemoveFromWishlist()
  const [addState, setAddState] = useState<AddState>("idle")
  const category = product.subcategory ?? (product.styleGroup ? categoryLabel(product.styleGroup) : null)

  const addToBag = async () => {
    setAddState("adding")
    try {
      await addToCart.mutateAsync({ productId: product.id, quantity: 1, size: null, refPostId: getReferralPostId() })
      setAddState("added")
    } catch (failure) {
      setAddState("idle")
      if (isUnauthorized(failure)) onSignInRequired()
      else onFailure("Could not add to cart")
    }
  }

  const removeItem = () => {
    remove.mutateAsync(item.id).catch((failure: unknown) => {
      if (isUnauthorized(failure)) onSignInRequired()
      else onFailure("Could not remove from wishlist")
    })
  }

  return (
    <li className="product-card wishlist-card" aria-labelledby={titleId}>
      <Link to={paths.product(product.id)} className="product-card__link">
        <ProductPicture product={product} sizes={WARDROBE_IMAGE_SIZES} className="product-card__media" />
        <div className="product-card__body">
          {category ? <span className="chip chip--static wishlist-card__chip">{category}</span> : null}
          <span id={titleId} className="product-card__title">
            {product.title}
          </span>
          <span className="product-card__price">{formatPaise(product.basePrice)}</span>
        </div>
      </Link>
      <div className="wishlist-card__actions">
        <button
          type="button"
          className="button button--primary"
          aria-describedby={titleId}
          disabled={addState !== "idle"}
          onClick={() => {
            void addToBag()
          }}
        >
          {ADD_LABELS[addState]}
        </button>
        <button type="button" className="text-button" aria-describedby={titleId} disabled={remove.isPending} onClick={removeItem}>
          Remove
        </button>
      </div>
    </li>
  )
}
