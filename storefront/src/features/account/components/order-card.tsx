import { IMAGE_SIZES, type Order, type OrderItem } from "@fitshop/contracts"
import { useId } from "react"
import { ProductPicture } from "@/components/ui/product-picture"
import { formatShortDate } from "@/lib/dates"
import { formatPaise } from "@/lib/money"

function OrderLine({ item }: { item: OrderItem }) {
  return (
    <li className="order-card__item">
      <ProductPicture product={{ images: [], imageUrl: item.imageUrl, title: item.title }} sizes={IMAGE_SIZES.orderItem} className="order-card__media" />
      <div className="order-card__item-text">
        <span className="order-card__item-title">{item.title}</span>
        <span className="muted">{[item.size ? `Size ${item.size}` : null, `Qty ${String(item.quantity)}`].filter(Boolean).join(" · ")}</span>
      </div>
    </li>
  )
}

/** One order: its number, status, total and date, the lines, and the courier's tracking link once there is one. */
export function OrderCard({ order }: { order: Order }) {
  const titleId = useId()
  const date = formatShortDate(order.createdAt)
  return (
    <li className="order-card" aria-labelledby={titleId}>
      <div className="order-card__head">
        <h3 id={titleId} className="order-card__title">{`Order #${String(order.displayId ?? order.id)}`}</h3>
        <span className="badge">{order.status}</span>
      </div>
      <p className="order-card__meta">
        <span className="order-card__total">{formatPaise(order.totalCents)}</span>
        {date ? (
          <time className="muted" dateTime={order.createdAt}>
            {date}
          </time>
        ) : null}
      </p>
      <ul className="order-card__items" aria-label="Items">
        {order.items.map((item, index) => (
          <OrderLine key={`${item.productId}-${item.size ?? ""}-${String(index)}`} item={item} />
        ))}
      </ul>
      {order.trackingUrl ? (
        <a className="text-link" href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
          {order.trackingId ? `Track shipment ${order.trackingId}` : "Track shipment"}
        </a>
      ) : null}
    </li>
  )
}
