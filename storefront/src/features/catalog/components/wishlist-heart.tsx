import { useState } from "react"
import { useIsInWardrobe } from "@/lib/api/get-wishlist"
import { isUnauthorized } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import { useAddToWishlist } from "../api/add-to-wishlist"
import { HeartIcon } from "@/components/ui/heart-icon"

type WishlistHeartProps = {
  productId: string
  onSignInRequired: () => void
}

/**
 * The product page's heart: filled when the product is already in the wardrobe; every press sends the
 * add call, and the heart toggles once it succeeds.
 */
export function WishlistHeart({ productId, onSignInRequired }: WishlistHeartProps) {
  const { isSignedIn } = useSession()
  const addToWishlist = useAddToWishlist()
  const inWardrobe = useIsInWardrobe(productId)
  /** Set by a press; until then the heart follows the wardrobe. */
  const [toggled, setToggled] = useState<boolean | null>(null)
  const wished = toggled ?? inWardrobe
  const [error, setError] = useState<string | null>(null)

  const press = async () => {
    setError(null)
    if (!isSignedIn) {
      onSignInRequired()
      return
    }
    try {
      await addToWishlist.mutateAsync(productId)
      setToggled(!wished)
    } catch (failure) {
      if (isUnauthorized(failure)) onSignInRequired()
      else setError("Could not update wishlist")
    }
  }

  return (
    <div className="wishlist-heart">
      <button
        type="button"
        className="wishlist-heart__button"
        aria-label="Save to wardrobe"
        aria-pressed={wished}
        aria-busy={addToWishlist.isPending || undefined}
        onClick={() => {
          if (!addToWishlist.isPending) void press()
        }}
      >
        <HeartIcon filled={wished} />
      </button>
      {error ? (
        <p className="inline-error wishlist-heart__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
