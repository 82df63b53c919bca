import type { AdminReturn, AdminReturnList } from "@fitshop/contracts"
import type { StaffReturn } from "./queries.js"

const iso = (at: Date | null) => at?.toISOString() ?? null

/** A return as staff's list shows it: each line's what and why, never its prices, variants or the pickup address. */
export function presentStaffReturn(ask: StaffReturn): AdminReturn {
  return {
    id: ask.id,
    kind: ask.kind,
    status: ask.status,
    orderId: ask.orderId,
    orderDisplayId: ask.orderDisplayId,
    paymentMethod: ask.paymentMethod,
    customerEmail: ask.customerEmail,
    lines: ask.lines.map((line) => ({
      title: line.title,
      size: line.size,
      quantity: line.quantity,
      reason: line.reason,
      note: line.note,
      exchangeSize: line.exchangeSize,
    })),
    refund: { toPayment: ask.refund.toPayment, coins: ask.refund.coins },
    pickupDate: ask.pickupDate,
    trackingUrl: ask.trackingUrl,
    requestedAt: ask.requestedAt.toISOString(),
    receivedAt: iso(ask.receivedAt),
    refundedAt: iso(ask.refundedAt),
    exchangedAt: iso(ask.exchangedAt),
    cancelledAt: iso(ask.cancelledAt),
    // Only while the pickup is still awaited: one collected or cancelled since needs nobody.
    pickupStuckAt: ask.status === "requested" || ask.status === "pickup_scheduled" ? iso(ask.pickupStuckAt) : null,
  }
}

export const presentStaffReturns = ({ returns, total }: { returns: StaffReturn[]; total: number }): AdminReturnList => ({
  returns: returns.map(presentStaffReturn),
  total,
})
