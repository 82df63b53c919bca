import { type BagItem, IMAGE_SIZES, formatPaise } from "@fitshop/contracts"
import { useId } from "react"
import { ProductPicture } from "@/components/ui/product-picture"

export const SIZE_REQUIRED_NOTE = "size required — go back to cart to select"

function CheckoutItem({ item }: { item: BagItem }) {
  const titleId = useId()
  return (
    <li className={item.sizeRequired ? "checkout-item checkout-item--flagged" : "checkout-item"} aria-labelledby={titleId}>
      <ProductPicture product={item.product} sizes={IMAGE_SIZES.checkoutItem} className="checkout-item__media" emptyText="No Image" />
      <div className="checkout-item__body">
        <div className="checkout-item__head">
          <h3 id={titleId} className="checkout-item__title">
            {item.product.title}
          </h3>
          <span className="checkout-item__total">{formatPaise(item.lineTotal)}</span>
        </div>
        <p className="muted checkout-item__unit">{`${formatPaise(item.unitPrice)} × ${String(item.quantity)}`}</p>
        {item.size ? (
          <span className="chip chip--static">{`Size ${item.size}`}</span>
        ) : item.sizeRequired ? (
          <p className="checkout-item__size-note">{SIZE_REQUIRED_NOTE}</p>
        ) : null}
      </div>
    </li>
  )
}

/** Section 3: what is being paid for; a line still needing a size is outlined red and says so. */
export function CheckoutItems({ items }: { items: BagItem[] }) {
  const titleId = useId()
  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section__title">
        Items
      </h2>
      <ul className="checkout-items" aria-labelledby={titleId}>
        {items.map((item) => (
          <CheckoutItem key={item.id} item={item} />
        ))}
      </ul>
    </section>
  )
}
