import { useId } from "react"
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import type { PaymentMethod } from "../utils/checkout-payload"

type MethodOption = { value: PaymentMethod; title: string; details: readonly string[] }

const METHODS: readonly MethodOption[] = [
  { value: "online", title: "Online", details: ["UPI / Card / Netbanking", "Fast & secure — pay now"] },
  { value: "cod", title: "Cash on Delivery", details: ["Pay at your doorstep (+₹100 COD fee)"] },
]

type PaymentMethodSectionProps = {
  method: PaymentMethod
  disabled: boolean
  onChange: (method: PaymentMethod) => void
}

/** Section 1: online payment or cash on delivery, and the way back to the bag. */
export function PaymentMethodSection({ method, disabled, onChange }: PaymentMethodSectionProps) {
  const titleId = useId()
  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section__title">
        Choose Payment Method
      </h2>
      <div className="checkout-choices" role="radiogroup" aria-labelledby={titleId}>
        {METHODS.map((option) => (
          <label key={option.value} className="checkout-choice">
            <input
              type="radio"
              name="payment-method"
              value={option.value}
              checked={method === option.value}
              disabled={disabled}
              aria-label={option.title}
              aria-describedby={`${titleId}-${option.value}`}
              onChange={() => {
                onChange(option.value)
              }}
            />
            <span className="checkout-choice__body">
              <span className="checkout-choice__title">{option.title}</span>
              <span id={`${titleId}-${option.value}`} className="checkout-choice__details">
                {option.details.map((detail) => (
                  <span key={detail} className="muted">
                    {detail}
                  </span>
                ))}
              </span>
            </span>
          </label>
        ))}
      </div>
      <Link to={paths.cart} className="text-link">
        Back to Cart
      </Link>
    </section>
  )
}
