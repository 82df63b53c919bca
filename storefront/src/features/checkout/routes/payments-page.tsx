import { useId } from "react"
import { Page } from "@/components/ui/page"
import { SignInPrompt } from "@/components/ui/sign-in-prompt"
import { useCart } from "@/lib/api/get-cart"
import { errorMessage, isUnauthorized } from "@/lib/api-client"
import { usePaymentsConfig } from "../api/get-payments-config"
import { CheckoutForm } from "../components/checkout-form"
import { useDocumentMeta } from "@/lib/document-meta"
import { privatePageMeta } from "@fitshop/contracts"

const CART_FAILED_TEXT = "Failed to load cart"
const CONFIG_FAILED_TEXT = "Could not load payment gateway."

function CheckoutSkeleton() {
  return (
    <div className="checkout" role="status" aria-label="Loading checkout">
      <div className="checkout__main">
        {[0, 1, 2].map((section) => (
          <div key={section} className="checkout-section">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        ))}
      </div>
      <div className="checkout__side">
        <div className="order-summary">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--title" />
        </div>
      </div>
    </div>
  )
}

function ErrorCard({ text }: { text: string }) {
  const titleId = useId()
  return (
    <section className="error-card" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="error-card__title">
        Oops
      </h2>
      <p>{text}</p>
    </section>
  )
}

/** Checkout (/payments): loading → sign-in required (a 401), 'Oops' with the error, or the checkout itself. */
const PAGE_META = privatePageMeta("Checkout")

export function PaymentsPage() {
  useDocumentMeta(PAGE_META)
  const cart = useCart()
  const config = usePaymentsConfig()

  const content = () => {
    const error = cart.error ?? config.error
    if (isUnauthorized(error)) {
      return <SignInPrompt title="Sign in required" text="Please sign in to check out." />
    }
    if (cart.isError) return <ErrorCard text={errorMessage(cart.error, CART_FAILED_TEXT)} />
    if (config.isError) return <ErrorCard text={errorMessage(config.error, CONFIG_FAILED_TEXT)} />
    if (cart.isPending || config.isPending) return <CheckoutSkeleton />
    return <CheckoutForm cart={cart.data} config={config.data} />
  }

  return <Page title="Checkout">{content()}</Page>
}
