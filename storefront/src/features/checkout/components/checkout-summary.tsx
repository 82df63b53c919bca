import { useId } from "react"
import { Link } from "react-router-dom"
import { FormError } from "@/components/ui/form-error"
import { PriceLines } from "@/components/ui/price-lines"
import { paths } from "@/config/paths"
import type { PaymentMethod } from "../utils/checkout-payload"
import { SIZES_MISSING_TEXT } from "../utils/checkout-blocker"

export const PRICES_NOTE = "Prices include all taxes. Items and availability are not reserved until checkout is completed."

type CheckoutSummaryProps = {
  method: PaymentMethod
  subtotal: number
  discount: number
  codFee: number
  sizesMissing: boolean
  liveTestAvailable: boolean
  /** A payment is under way. */
  busy: boolean
  /** Why the last attempt did not go ahead, or what it ended with. */
  message: string | null
  onPay: (liveTest: boolean) => void
  onPlaceCod: () => void
}

/** The figures, the pay buttons for the chosen method (held while a line still needs a size), and the notes. */
export function CheckoutSummary({
  method,
  subtotal,
  discount,
  codFee,
  sizesMissing,
  liveTestAvailable,
  busy,
  message,
  onPay,
  onPlaceCod,
}: CheckoutSummaryProps) {
  const titleId = useId()
  const held = busy || sizesMissing

  return (
    <section className="order-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        Order Summary
      </h2>
      {/* The figures, the buttons and why paying is held: on phones one bar, kept in reach above the bottom navigation. */}
      <div className="order-summary__pay thumb-bar">
        <PriceLines subtotal={subtotal} discount={discount} codFee={method === "cod" ? codFee : 0} />
        <div className="checkout-actions">
          {method === "online" ? (
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={held}
                onClick={() => {
                  onPay(false)
                }}
              >
                PAY NOW
              </button>
              {liveTestAvailable ? (
                <button
                  type="button"
                  className="button"
                  disabled={held}
                  onClick={() => {
                    onPay(true)
                  }}
                >
                  PAY ₹1 (LIVE TEST)
                </button>
              ) : null}
            </>
          ) : (
            <button type="button" className="button button--primary" disabled={held} onClick={onPlaceCod}>
              PLACE COD ORDER
            </button>
          )}
          <Link to={paths.cart} className="button">
            BACK TO CART
          </Link>
        </div>
        <FormError message={message} />
        {sizesMissing ? <p className="checkout-note checkout-note--warning">{SIZES_MISSING_TEXT}</p> : null}
      </div>
      <p className="checkout-note muted">{PRICES_NOTE}</p>
    </section>
  )
}
