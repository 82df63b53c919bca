import { IMAGE_SIZES, formatPaise, orderHasEnded, type Order, type OrderItem } from "@fitshop/contracts"
import { useId, useState } from "react"
import { ProductPicture } from "@/components/ui/product-picture"
import { errorMessage } from "@/lib/api-client"
import { formatDeliveryDay } from "@/lib/dates"
import { downloadFile } from "@/lib/download-file"
import { OrderTimeline, orderIsDelivered } from "./order-timeline"

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

/** "Delivery by Tue, 2 Dec", worded as the product page promises it, until the parcel arrives or the order ends. */
function DeliveryBy({ order }: { order: Order }) {
  const { estimatedDelivery } = order
  const day = estimatedDelivery ? formatDeliveryDay(estimatedDelivery) : ""
  if (!estimatedDelivery || !day || orderIsDelivered(order) || orderHasEnded(order.status)) return null
  return (
    <p className="order-card__promise">
      Delivery by <time dateTime={estimatedDelivery}>{day}</time>
    </p>
  )
}

function Shipment({ order }: { order: Order }) {
  const { shippingProvider, trackingId, trackingUrl } = order
  if (!shippingProvider && !trackingId && !trackingUrl) return null
  return (
    <p className="order-card__shipment">
      {shippingProvider ? <span>{shippingProvider}</span> : null}
      {trackingUrl ? (
        <a className="text-link" href={trackingUrl} target="_blank" rel="noopener noreferrer">
          {trackingId ? `Track shipment ${trackingId}` : "Track shipment"}
        </a>
      ) : trackingId ? (
        <span>{`AWB ${trackingId}`}</span>
      ) : null}
    </p>
  )
}

/**
 * A tax document's link: the file's own address, for reading and for a download attribute, but a click downloads it
 * with the shopper's token (the BFF answers the PDF only to its owner), saying why when that fails.
 */
function DocumentLink({ href, fileName, children }: { href: string; fileName: string; children: string }) {
  const [failure, setFailure] = useState<string | null>(null)
  return (
    <>
      <a
        className="text-link"
        href={href}
        download={fileName}
        onClick={(event) => {
          event.preventDefault()
          setFailure(null)
          downloadFile(href, fileName).catch((error: unknown) => {
            setFailure(errorMessage(error, "Could not download the file"))
          })
        }}
      >
        {children}
      </a>
      {failure ? (
        <span className="inline-error" role="alert">
          {failure}
        </span>
      ) : null}
    </>
  )
}

function TaxDocuments({ order }: { order: Order }) {
  if (!order.invoiceUrl && !order.creditNoteUrl) return null
  const number = String(order.displayId ?? order.id)
  return (
    <p className="order-card__documents">
      {order.invoiceUrl ? (
        <DocumentLink href={order.invoiceUrl} fileName={`invoice-${number}.pdf`}>
          Download invoice
        </DocumentLink>
      ) : null}
      {order.creditNoteUrl ? (
        <DocumentLink href={order.creditNoteUrl} fileName={`credit-note-${number}.pdf`}>
          Download credit note
        </DocumentLink>
      ) : null}
    </p>
  )
}

/**
 * One order: its number, status and total, its progress with dates, the day delivery is promised by, the lines,
 * the courier with its tracking link, and the tax invoice and credit note to download once issued.
 */
export function OrderCard({ order }: { order: Order }) {
  const titleId = useId()
  return (
    <li className="order-card" aria-labelledby={titleId}>
      <div className="order-card__head">
        <h3 id={titleId} className="order-card__title">{`Order #${String(order.displayId ?? order.id)}`}</h3>
        <span className="badge">{order.status}</span>
      </div>
      <p className="order-card__meta">
        <span className="order-card__total">{formatPaise(order.totalCents)}</span>
      </p>
      <OrderTimeline order={order} />
      <DeliveryBy order={order} />
      <ul className="order-card__items" aria-label="Items">
        {order.items.map((item, index) => (
          <OrderLine key={`${item.productId}-${item.size ?? ""}-${String(index)}`} item={item} />
        ))}
      </ul>
      <Shipment order={order} />
      <TaxDocuments order={order} />
    </li>
  )
}
