import { useState } from "react"
import { Link } from "react-router-dom"
import { FormError } from "@/components/ui/form-error"
import { Page } from "@/components/ui/page"
import { SignInDialog } from "@/components/ui/sign-in-dialog"
import { SignInPrompt } from "@/components/ui/sign-in-prompt"
import { paths } from "@/config/paths"
import { useWishlist } from "@/lib/api/get-wishlist"
import { isUnauthorized } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import type { WishlistItem } from "@fitshop/contracts"
import { WishlistCard } from "../components/wishlist-card"
import { useDocumentMeta } from "@/lib/document-meta"
import { privatePageMeta } from "@fitshop/contracts"

function WardrobeLoading() {
  return (
    <p className="muted" role="status">
      Loading your wardrobe…
    </p>
  )
}

function WishlistGrid({ items }: { items: WishlistItem[] }) {
  const [failure, setFailure] = useState<string | null>(null)
  const [signInOpen, setSignInOpen] = useState(false)

  return (
    <>
      <FormError message={failure} />
      <ul className="product-grid wishlist-grid" aria-label="Saved products">
        {items.map((item) => (
          <WishlistCard
            key={item.id}
            item={item}
            onFailure={setFailure}
            onSignInRequired={() => {
              setSignInOpen(true)
            }}
          />
        ))}
      </ul>
      <SignInDialog
        open={signInOpen}
        onClose={() => {
          setSignInOpen(false)
        }}
      />
    </>
  )
}

function EmptyWardrobe() {
  return (
    <div className="empty-state">
      <p>Your wardrobe is empty</p>
      <Link to={paths.shop} className="button button--primary">
        Explore Collections
      </Link>
    </div>
  )
}

/** The wardrobe: loading → signed out, error, empty or the grid of saved products. */
const PAGE_META = privatePageMeta("Wardrobe")

export function WishlistPage() {
  useDocumentMeta(PAGE_META)
  const { ready, isSignedIn } = useSession()
  const wishlistQuery = useWishlist()
  const unauthorized = isUnauthorized(wishlistQuery.error)

  const content = () => {
    if (!isSignedIn && !ready) return <WardrobeLoading />
    if (!isSignedIn || unauthorized) {
      return <SignInPrompt title="You're not signed in" text="Please sign in to view your wishlist." />
    }
    if (wishlistQuery.isPending) return <WardrobeLoading />
    if (wishlistQuery.isError) {
      return (
        <p className="inline-error" role="alert">
          Failed to load wishlist
        </p>
      )
    }
    if (wishlistQuery.data.items.length === 0) return <EmptyWardrobe />
    return <WishlistGrid items={wishlistQuery.data.items} />
  }

  return <Page title="Wardrobe">{content()}</Page>
}
