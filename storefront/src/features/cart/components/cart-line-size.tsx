import { useId } from "react"
import type { BagItem } from "@fitshop/contracts"

export const SIZE_REQUIRED_TEXT = "required before payment"

type CartLineSizeProps = {
  item: BagItem
  disabled: boolean
  onChange: (size: string) => void
}

/** The sizes in stock now (plus the line's own, even if it just sold out); without one the line is flagged red. */
export function CartLineSize({ item, disabled, onChange }: CartLineSizeProps) {
  const selectId = useId()
  const flagId = useId()
  const sizes = item.size && !item.availableSizes.includes(item.size) ? [item.size, ...item.availableSizes] : item.availableSizes

  return (
    <div className="cart-line__size">
      <label className="cart-line__label" htmlFor={selectId}>
        Size
      </label>
      <select
        id={selectId}
        className="cart-line__select"
        value={item.size ?? ""}
        disabled={disabled}
        aria-invalid={item.sizeRequired || undefined}
        aria-describedby={item.sizeRequired ? flagId : undefined}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value)
        }}
      >
        {item.size ? null : (
          <option value="" disabled>
            Select size
          </option>
        )}
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      {item.sizeRequired ? (
        <p id={flagId} className="cart-line__size-flag">
          {SIZE_REQUIRED_TEXT}
        </p>
      ) : null}
    </div>
  )
}
