import type { OrderReturn, ReturnStatus } from "@fitshop/contracts"
import { ProgressSteps, type ProgressStep } from "./order-timeline"

/** How far each status has moved a return along Requested (0) … Refunded or Exchanged (4). */
const RETURN_PROGRESS: Record<ReturnStatus, number> = {
  requested: 0,
  pickup_scheduled: 1,
  picked_up: 2,
  received: 3,
  refunded: 4,
  exchanged: 4,
  cancelled: 0,
}

/**
 * A return's steps with their dates: Requested, Pickup scheduled, Picked up, Received, then Refunded (a return) or
 * Exchanged (an exchange); a cancelled one keeps the steps it reached and ends at Cancelled. As on the order, the
 * status counts too, so a step it has passed is done before its date arrives.
 */
function returnSteps({ kind, status, timeline }: Pick<OrderReturn, "kind" | "status" | "timeline">): ProgressStep[] {
  const progress = RETURN_PROGRESS[status]
  const last = kind === "exchange" ? { label: "Exchanged", at: timeline.exchangedAt } : { label: "Refunded", at: timeline.refundedAt }
  const steps = [
    { label: "Requested", at: timeline.requestedAt },
    { label: "Pickup scheduled", at: timeline.pickupScheduledAt },
    { label: "Picked up", at: timeline.pickedUpAt },
    { label: "Received", at: timeline.receivedAt },
    last,
  ].map((step, index) => ({ ...step, done: index === 0 || step.at !== null || progress >= index }))
  if (status !== "cancelled") return steps
  return [...steps.filter((step) => step.done), { label: "Cancelled", at: timeline.cancelledAt, done: true, ended: true }]
}

/** A return's or an exchange's progress, in the order timeline's look. */
export function ReturnTimeline({ orderReturn }: { orderReturn: Pick<OrderReturn, "kind" | "status" | "timeline"> }) {
  return <ProgressSteps steps={returnSteps(orderReturn)} label={orderReturn.kind === "exchange" ? "Exchange progress" : "Return progress"} />
}
