import { IMAGE_SIZES, formatPaise, orderHasEnded, type Order, type OrderItem } from "@fitshop/contracts"
import { useId, useState } from "react"
import { ProductPicture } from "@/components/ui/product-picture"
import { errorMessage } from "@/lib/api-client"
import { formatDeliveryDay, formatShortDate } from "@/lib/dates"
import { downloadFile } from "@/lib/download-file"
import { canAskBack, type ReturnKind } from "../utils/returns"
import { OrderReturns } from "./order-returns"
import { OrderTimeline, orderIsDelivered } from "./order-timeline"
import { ReturnDialog } from "./return-dialog"

/** "Returnable until 21 Mar 2025", and the two ways to ask a line back. */
function AskBack({ item, onAsk }: { item: OrderItem; onAsk: (kind: ReturnKind) => void }) {
  const titleId = useId()
  const until = item.returnableUntil ? formatShortDate(item.returnableUntil) : ""
  return (
    <div className="order-card__ask-back">
      {item.returnableUntil && until ? (
        <span className="order-card__returnable muted">
          Returnable until <time dateTime={item.returnableUntil}>{until}</time>
        </span>
      ) : null}
      <span id={titleId} hidden>
        {item.title}
      </span>
      <div className="order-card__line-actions">
        <button
          type="button"
          className="button order-card__line-action"
          aria-describedby={titleId}
          onClick={() => {
            onAsk("return")
          }}
        >
          Return
        </button>
        <button
          type="button"
          className="button order-card__line-action"
          aria-describedby={titleId}
          onClick={() => {
            onAsk("exchange")
          }}
        >
          Exchange size
        </button>
      </div>
    </div>
  )
}

function OrderLine({ item, onAsk }: { item: OrderItem; onAsk: (kind: ReturnKind) => void }) {
  return (
    <li className="order-card__item">
      <ProductPicture product={{ images: [], imageUrl: item.imageUrl, title: item.title }} sizes={IMAGE_SIZES.orderItem} className="order-card__media" />
      <div className="order-card__item-text">
        <span className="order-card__item-title">{item.title}</span>
        <span className="muted">{[item.size ? `Size ${item.size}` : null, `Qty ${String(item.quantity)}`].filter(Boolean).join(" · ")}</span>
      </div>
      {canAskBack(item) ? <AskBack item={item} onAsk={onAsk} /> : null}
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

/** The line a return or exchange is being asked for, with the order as it was when the form opened. */
type Asking = { order: Order; lineIndex: number; kind: ReturnKind } | null

/**
 * One order: its number, status and total, its progress with dates, the day delivery is promised by, the lines
 * (with 'Return' and 'Exchange size' while they may be asked back), the returns asked for, the courier with its
 * tracking link, and the tax invoice and credit note to download once issued.
 */
export function OrderCard({ order }: { order: Order }) {
  const titleId = useId()
  // The form keeps the order it opened with: the orders re-read once the return is taken, before the form closes.
  const [asking, setAsking] = useState<Asking>(null)
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
          <OrderLine
            key={`${item.productId}-${item.size ?? ""}-${String(index)}`}
            item={item}
            onAsk={(kind) => {
              setAsking({ order, lineIndex: index, kind })
            }}
          />
        ))}
      </ul>
      <OrderReturns order={order} />
      <Shipment order={order} />
      <TaxDocuments order={order} />
      {asking ? (
        <ReturnDialog
          order={asking.order}
          lineIndex={asking.lineIndex}
          kind={asking.kind}
          onClose={() => {
            setAsking(null)
          }}
        />
      ) : null}
    </li>
  )
}
