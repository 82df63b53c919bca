import { MAX_QUANTITY, MIN_QUANTITY } from "../utils/cart-edits"

type QuantityStepperProps = {
  quantity: number
  disabled: boolean
  onChange: (quantity: number) => void
}

/** − and + within 1..10, with the current quantity between them. */
export function QuantityStepper({ quantity, disabled, onChange }: QuantityStepperProps) {
  return (
    <div className="quantity-stepper" role="group" aria-label="Quantity">
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label="Decrease quantity"
        disabled={disabled || quantity <= MIN_QUANTITY}
        onClick={() => {
          onChange(quantity - 1)
        }}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="quantity-stepper__value" aria-live="polite">
        {quantity}
      </span>
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label="Increase quantity"
        disabled={disabled || quantity >= MAX_QUANTITY}
        onClick={() => {
          onChange(quantity + 1)
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  )
}
