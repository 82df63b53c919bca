import type { OrderReturn } from "@fitshop/contracts"
import type { ReturnRecord } from "./returns.js"

const iso = (at: Date | null) => at?.toISOString() ?? null

/** A return as the shopper's order shows it: its lines, what it gives back, the pickup, and when it reached each step. */
export function presentReturn(ask: ReturnRecord): OrderReturn {
  return {
    id: ask.id,
    kind: ask.kind,
    status: ask.status,
    lines: ask.lines.map((line) => ({
      lineId: line.lineId,
      title: line.title,
      size: line.size,
      quantity: line.quantity,
      reason: line.reason,
      note: line.note,
      exchangeSize: line.exchangeSize,
    })),
    refund: ask.refund,
    pickupDate: ask.pickupDate,
    trackingUrl: ask.trackingUrl,
    timeline: {
      requestedAt: ask.requestedAt.toISOString(),
      pickupScheduledAt: iso(ask.pickupScheduledAt),
      pickedUpAt: iso(ask.pickedUpAt),
      receivedAt: iso(ask.receivedAt),
      refundedAt: iso(ask.refundedAt),
      exchangedAt: iso(ask.exchangedAt),
      cancelledAt: iso(ask.cancelledAt),
    },
  }
}
