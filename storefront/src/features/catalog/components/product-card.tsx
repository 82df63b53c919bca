import { IMAGE_SIZES, formatPaise, type ListedProduct } from "@fitshop/contracts"
import { useId, useState } from "react"
import { Link } from "react-router-dom"
import { AddToBagButton, type AddToBagLabels } from "@/components/ui/add-to-bag-button"
import { SignInDialog } from "@/components/ui/sign-in-dialog"
import { paths } from "@/config/paths"
import { useIsInWardrobe } from "@/lib/api/get-wishlist"
import { isUnauthorized } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH, getPrimaryImage, imageSourceProps } from "@/lib/product-image"
import { useAddToWishlist } from "../api/add-to-wishlist"
import { HeartIcon } from "@/components/ui/heart-icon"

const ADD_LABELS: AddToBagLabels = { idle: "Add to bag", adding: "Adding…", added: "Added" }

type ProductCardProps = {
  product: ListedProduct
  /** Cards in the first row load their image at once; the rest when scrolled near. */
  imageLoading?: "eager" | "lazy"
  /** The img sizes for the layout the card sits in; the catalogue grid's by default. */
  imageSizes?: string
}

/**
 * A catalogue card: the image, title and price link to the product page; the wardrobe toggle and the
 * add-to-bag button sit beside the link, so they never navigate. The heart starts filled for a product
 * already in the signed-in shopper's wardrobe.
 */
export function ProductCard({ product, imageLoading = "lazy", imageSizes = IMAGE_SIZES.productGrid }: ProductCardProps) {
  const image = getPrimaryImage(product)
  const titleId = useId()
  const { isSignedIn } = useSession()
  const addToWishlist = useAddToWishlist()
  const inWardrobe = useIsInWardrobe(product.id)
  const [savedHere, setSavedHere] = useState(false)
  const wished = savedHere || inWardrobe
  const [error, setError] = useState<string | null>(null)
  const [signInOpen, setSignInOpen] = useState(false)

  const openSignIn = () => {
    setSignInOpen(true)
  }

  const saveToWardrobe = async () => {
    setError(null)
    if (!isSignedIn) {
      openSignIn()
      return
    }
    try {
      await addToWishlist.mutateAsync(product.id)
      setSavedHere(true)
    } catch (failure) {
      if (isUnauthorized(failure)) openSignIn()
      else setError("Could not update wishlist")
    }
  }

  return (
    <article className="product-card">
      <Link to={paths.product(product.id)} className="product-card__link" data-testid="product-card">
        <div className="product-card__media">
          {image ? (
            <img
              {...imageSourceProps(image, imageSizes)}
              alt={image.alt}
              width={PRODUCT_IMAGE_WIDTH}
              height={PRODUCT_IMAGE_HEIGHT}
              loading={imageLoading}
              decoding="async"
            />
          ) : (
            <span className="product-card__no-image" aria-hidden="true">
              No image
            </span>
          )}
        </div>
        <div className="product-card__body">
          <span id={titleId} className="product-card__title">
            {product.title}
          </span>
          <span className="product-card__price">{formatPaise(product.basePrice)}</span>
        </div>
      </Link>

      <button
        type="button"
        className="product-card__wish"
        aria-label="Save to wardrobe"
        aria-describedby={titleId}
        aria-pressed={wished}
        disabled={wished || addToWishlist.isPending}
        onClick={() => {
          void saveToWardrobe()
        }}
      >
        <HeartIcon filled={wished} />
      </button>

      <AddToBagButton
        productId={product.id}
        onSignInRequired={openSignIn}
        onError={setError}
        labels={ADD_LABELS}
        className="product-card__add"
        describedBy={titleId}
      />

      {error ? (
        <p className="product-card__error" role="alert">
          {error}
        </p>
      ) : null}

      <SignInDialog
        open={signInOpen}
        onClose={() => {
          setSignInOpen(false)
        }}
      />
    </article>
  )
}
