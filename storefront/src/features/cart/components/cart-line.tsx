import { type BagItem, IMAGE_SIZES, formatPaise } from "@fitshop/contracts"
import { useId } from "react"
import { Link } from "react-router-dom"
import { ProductPicture } from "@/components/ui/product-picture"
import { paths } from "@/config/paths"
import { useRemoveCartItem } from "../api/remove-cart-item"
import { useUpdateCartItemSize } from "../api/update-cart-item-size"
import { useUpdateCartQuantity } from "../api/update-cart-quantity"
import { sizeChangeErrorText } from "../utils/cart-errors"
import { CartLineSize } from "./cart-line-size"
import { QuantityStepper } from "./quantity-stepper"

type CartLineProps = {
  item: BagItem
  /** Shows a failed change's text; the change itself is already rolled back. */
  onFailure: (text: string) => void
}

/**
 * One bag line. Every change shows at once and is rolled back if the server refuses it; the line's
 * controls wait while one of its changes is under way, since a size change gives the line a new id.
 */
export function CartLine({ item, onFailure }: CartLineProps) {
  const titleId = useId()
  const updateQuantity = useUpdateCartQuantity()
  const updateSize = useUpdateCartItemSize()
  const remove = useRemoveCartItem()
  const busy = updateQuantity.isPending || updateSize.isPending || remove.isPending

  const changeQuantity = (quantity: number) => {
    updateQuantity.mutateAsync({ id: item.id, quantity }).catch(() => {
      onFailure("Could not update quantity")
    })
  }

  const changeSize = (size: string) => {
    updateSize.mutateAsync({ id: item.id, size }).catch((failure: unknown) => {
      onFailure(sizeChangeErrorText(failure))
    })
  }

  const removeLine = () => {
    remove.mutateAsync(item.id).catch(() => {
      onFailure("Could not remove item")
    })
  }

  return (
    <li className={item.sizeRequired ? "cart-line cart-line--flagged" : "cart-line"} aria-labelledby={titleId}>
      <ProductPicture product={item.product} sizes={IMAGE_SIZES.cartLine} className="cart-line__media" />
      <div className="cart-line__body">
        <h3 id={titleId} className="cart-line__title">
          <Link to={paths.product(item.productId)}>{item.product.title}</Link>
        </h3>
        <p className="cart-line__price">
          <span>{formatPaise(item.lineTotal)}</span>
          {item.quantity > 1 ? <span className="muted">{`${formatPaise(item.unitPrice)} × ${String(item.quantity)}`}</span> : null}
        </p>
        <div className="cart-line__controls">
          <CartLineSize item={item} disabled={busy} onChange={changeSize} />
          <QuantityStepper quantity={item.quantity} disabled={busy} onChange={changeQuantity} />
          <button type="button" className="text-button" aria-describedby={titleId} disabled={busy} onClick={removeLine}>
            Remove
          </button>
        </div>
      </div>
    </li>
  )
}
