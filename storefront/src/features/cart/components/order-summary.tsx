import { useId, useState } from "react"
import { Link, useNavigate } from "react-router-dom"
import { FormError } from "@/components/ui/form-error"
import { PriceLines } from "@/components/ui/price-lines"
import { paths } from "@/config/paths"
import { COD_FEE_PAISE, formatPaise, type BagItem } from "@fitshop/contracts"
import { firstTap } from "@/lib/first-taps"
import { placeOrderBlocker } from "../utils/place-order"

type OrderSummaryProps = {
  items: BagItem[]
  subtotal: number
  /** The Dark Coins discount in paise; 0 when not applied. */
  discount: number
}

/**
 * Subtotal, the Dark Coins discount, the total, the cash on delivery fee said before checkout (not first at payment),
 * and 'Place Order', which waits until every line that needs a size has one.
 */
export function OrderSummary({ items, subtotal, discount }: OrderSummaryProps) {
  const navigate = useNavigate()
  const titleId = useId()
  /** After a refused 'Place Order', the reason stays shown until it no longer applies. */
  const [refused, setRefused] = useState(false)
  const sizesMissing = items.some((item) => item.sizeRequired)

  const placeOrder = () => {
    const reason = placeOrderBlocker(items)
    setRefused(reason !== null)
    if (!reason) void navigate(paths.payments)
  }

  return (
    <section className="order-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        Order Summary
      </h2>
      <PriceLines subtotal={subtotal} discount={discount} />
      <p className="muted order-summary__note">{`Paying by cash on delivery adds a ${formatPaise(COD_FEE_PAISE)} COD fee.`}</p>
      <button
        type="button"
        className="button button--primary order-summary__place"
        aria-disabled={sizesMissing || undefined}
        onClick={placeOrder}
        {...firstTap("place-order")}
      >
        {sizesMissing ? "SELECT SIZES TO CONTINUE" : "Place Order"}
      </button>
      <FormError message={refused ? placeOrderBlocker(items) : null} />
      <Link to={paths.shop} className="text-link order-summary__continue">
        Continue Shopping
      </Link>
    </section>
  )
}
