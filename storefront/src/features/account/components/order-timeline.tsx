import { orderHasEnded, type Order } from "@fitshop/contracts"
import { formatShortDate } from "@/lib/dates"

/** One step of a progress list: done with the instant it was reached (when known), or pending; `ended` marks a stop short of the goal. */
export type ProgressStep = { label: string; at: string | null; done: boolean; ended?: boolean }

/** How far each status has moved the parcel along Placed (0), Shipped (1) and Delivered (2). */
const STATUS_PROGRESS: Record<string, number> = { SHIPPED: 1, DELIVERED: 2 }

/** Whether the parcel reached the shopper: its date is known, or its status says so before the date arrives. */
export const orderIsDelivered = (order: Pick<Order, "status" | "timeline">): boolean =>
  order.timeline.deliveredAt !== null || (STATUS_PROGRESS[order.status.toUpperCase()] ?? 0) >= 2

/**
 * The order's steps with their dates: Placed, Shipped and Delivered, a step not reached yet pending; an order that
 * was cancelled or returned keeps the steps it reached and ends with that one. The status counts too, so a step
 * the status has passed is done even before its date arrives.
 */
function orderSteps(order: Pick<Order, "status" | "timeline">): ProgressStep[] {
  const { timeline } = order
  const status = order.status.toUpperCase()
  const progress = STATUS_PROGRESS[status] ?? 0
  const delivered = orderIsDelivered(order)
  const steps: ProgressStep[] = [
    { label: "Placed", at: timeline.placedAt, done: true },
    { label: "Shipped", at: timeline.shippedAt, done: timeline.shippedAt !== null || delivered || progress >= 1 },
    { label: "Delivered", at: timeline.deliveredAt, done: delivered },
  ]
  if (!orderHasEnded(status)) return steps
  const returned = status === "RETURNED"
  return [
    ...steps.filter((step) => step.done),
    { label: returned ? "Returned" : "Cancelled", at: returned ? timeline.returnedAt : timeline.cancelledAt, done: true, ended: true },
  ]
}

function StepDate({ at }: { at: string | null }) {
  const date = at ? formatShortDate(at) : ""
  return at && date ? (
    <time className="order-timeline__date" dateTime={at}>
      {date}
    </time>
  ) : null
}

/** Progress as an ordered list named `label`: each step says in words whether it is done (with its date) or pending. */
export function ProgressSteps({ steps, label }: { steps: ProgressStep[]; label: string }) {
  // Steps are done in order, so the last done one is where things stand.
  const current = steps.filter((step) => step.done).length - 1
  return (
    <ol className="order-timeline" aria-label={label}>
      {steps.map((step, index) => (
        <li
          key={step.label}
          className={["order-timeline__step", step.done ? "is-done" : "is-pending", step.ended ? "is-ended" : ""].filter(Boolean).join(" ")}
          aria-current={index === current ? "step" : undefined}
        >
          <span className="order-timeline__label">{step.label}</span>
          {step.done ? <StepDate at={step.at} /> : <span className="order-timeline__date muted">Pending</span>}
        </li>
      ))}
    </ol>
  )
}

/** The order's progress: Placed, Shipped, Delivered, or where it was cancelled or returned. */
export function OrderTimeline({ order }: { order: Pick<Order, "status" | "timeline"> }) {
  return <ProgressSteps steps={orderSteps(order)} label="Order progress" />
}
