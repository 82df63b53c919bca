import { useState } from "react"
import { Link } from "react-router-dom"
import { FormError } from "@/components/ui/form-error"
import { Page } from "@/components/ui/page"
import { SignInPrompt } from "@/components/ui/sign-in-prompt"
import { paths } from "@/config/paths"
import { useCart } from "@/lib/api/get-cart"
import { isUnauthorized } from "@/lib/api-client"
import { useSession } from "@/lib/auth"
import type { Bag } from "@fitshop/contracts"
import { CartLine } from "../components/cart-line"
import { DarkCoinsBox } from "../components/dark-coins-box"
import { OrderSummary } from "../components/order-summary"
import { useDarkCoinsChoice } from "../hooks/use-dark-coins-choice"
import { useDocumentMeta } from "@/lib/document-meta"
import { privatePageMeta } from "@fitshop/contracts"

function CartLoading() {
  return (
    <p className="muted" role="status">
      Loading your bag…
    </p>
  )
}

function CartContents({ cart, onFailure }: { cart: Bag; onFailure: (text: string) => void }) {
  const darkCoins = useDarkCoinsChoice(cart.summary)

  return (
    <div className="cart">
      <ul className="cart__lines" aria-label="Items in your bag">
        {cart.items.map((item) => (
          <CartLine key={item.id} item={item} onFailure={onFailure} />
        ))}
      </ul>
      <aside className="cart__side">
        <DarkCoinsBox
          darkCoins={cart.summary.darkCoins}
          usableDiscount={cart.summary.usableDiscount}
          coinsToSpend={cart.summary.coinsToSpend}
          applied={darkCoins.applied}
          onApply={darkCoins.apply}
          onRemove={darkCoins.remove}
        />
        <OrderSummary items={cart.items} subtotal={cart.summary.subtotal} discount={darkCoins.discount} />
      </aside>
    </div>
  )
}

function EmptyCart() {
  return (
    <div className="empty-state">
      <p>Your cart is empty. Add some legendary pieces to get started</p>
      <Link to={paths.shop} className="button">
        Continue Shopping
      </Link>
    </div>
  )
}

/** The bag: loading → signed out, error, empty or the lines with the Dark Coins box and the order summary. */
const PAGE_META = privatePageMeta("Cart")

export function CartPage() {
  useDocumentMeta(PAGE_META)
  const { ready, isSignedIn } = useSession()
  const cartQuery = useCart()
  const unauthorized = isUnauthorized(cartQuery.error)
  /** A failed change's alert; kept here, as removing the last line (then restoring it) swaps what is below. */
  const [failure, setFailure] = useState<string | null>(null)

  const content = () => {
    if (!isSignedIn && !ready) return <CartLoading />
    if (!isSignedIn || unauthorized) {
      return (
        <SignInPrompt
          title="You're not signed in"
          text="To see your cart items, please log in."
          notice={unauthorized ? "Please sign in to view your cart." : null}
        />
      )
    }
    if (cartQuery.isPending) return <CartLoading />
    if (cartQuery.isError) {
      return (
        <p className="inline-error" role="alert">
          Failed to load cart
        </p>
      )
    }
    if (cartQuery.data.items.length === 0) return <EmptyCart />
    return <CartContents cart={cartQuery.data} onFailure={setFailure} />
  }

  return (
    <Page title="Cart">
      <FormError message={failure} />
      {content()}
    </Page>
  )
}
