import type { Order, OrderReturn } from "@fitshop/contracts"
import { useId } from "react"
import { formatDeliveryDay } from "@/lib/dates"
import { refundTexts } from "../utils/returns"
import { ReturnTimeline } from "./return-timeline"

const KIND_LABELS: Record<OrderReturn["kind"], string> = { return: "Return", exchange: "Exchange" }

function ReturnLine({ line }: { line: OrderReturn["lines"][number] }) {
  const details = [
    line.size ? `Size ${line.size}` : null,
    `Qty ${String(line.quantity)}`,
    line.reason,
    line.exchangeSize ? `For size ${line.exchangeSize}` : null,
  ].filter(Boolean)
  return (
    <li className="order-return__line">
      <span className="order-card__item-title">{line.title}</span>
      <span className="muted">{details.join(" · ")}</span>
      {line.note ? <span className="order-return__note muted">{`“${line.note}”`}</span> : null}
    </li>
  )
}

function ReturnEntry({ orderReturn, paymentMethod }: { orderReturn: OrderReturn; paymentMethod: Order["paymentMethod"] }) {
  const titleId = useId()
  const { kind, pickupDate, trackingUrl } = orderReturn
  const pickupDay = pickupDate ? formatDeliveryDay(pickupDate) : ""
  const refund = kind === "return" ? refundTexts(orderReturn.refund, paymentMethod) : []
  return (
    <li className="order-return" aria-labelledby={titleId}>
      <h4 id={titleId} className="order-return__title">
        {KIND_LABELS[kind]}
      </h4>
      <ul className="order-return__lines" aria-label="Items sent back">
        {orderReturn.lines.map((line) => (
          <ReturnLine key={line.lineId} line={line} />
        ))}
      </ul>
      {refund.length > 0 ? (
        <p className="order-return__refund">
          {refund.map((text) => (
            <span key={text}>{text}</span>
          ))}
        </p>
      ) : null}
      {pickupDate && pickupDay ? (
        <p className="order-return__pickup">
          Pickup on <time dateTime={pickupDate}>{pickupDay}</time>
        </p>
      ) : null}
      {trackingUrl ? (
        <a className="text-link" href={trackingUrl} target="_blank" rel="noopener noreferrer">
          Track pickup
        </a>
      ) : null}
      <ReturnTimeline orderReturn={orderReturn} />
    </li>
  )
}

/** The returns and size exchanges asked for on an order, oldest first: what goes back, what comes back, and how far each has got. */
export function OrderReturns({ order }: { order: Pick<Order, "returns" | "paymentMethod"> }) {
  if (order.returns.length === 0) return null
  return (
    <ul className="order-returns" aria-label="Returns and exchanges">
      {order.returns.map((orderReturn) => (
        <ReturnEntry key={orderReturn.id} orderReturn={orderReturn} paymentMethod={order.paymentMethod} />
      ))}
    </ul>
  )
}
