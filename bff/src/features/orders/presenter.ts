import type { Order, OrderItem } from "@fitshop/contracts"
import type { OrderAsks } from "../../lib/event-bus.js"
import { creditNoteDue, hasEnded, invoiceDue, returnWindowEnd, type CheckoutLine, type OrderRecord } from "./orders.js"

/** What a line's return eligibility depends on besides the order: the shop's return window, and the time now. */
export type ReturnRules = { returnWindowDays: number; now: Date }

/**
 * When a line's return window closes, if it has one: the order delivered (and neither cancelled nor returned, nor a
 * ₹1 test), the product returnable when bought. Lines bought before the flag was kept count as returnable.
 */
export function lineWindowEnd(order: OrderRecord, line: CheckoutLine, rules: Pick<ReturnRules, "returnWindowDays">): Date | null {
  if (order.isTest || hasEnded(order) || line.returnable === false) return null
  return returnWindowEnd(order, rules.returnWindowDays)
}

export type { OrderAsks }

const NO_ASKS: OrderAsks = { returns: [], unitsAskedBack: new Map() }

/** The spec's Order: amounts in paise (total and totalCents alike), items under both names the spec shows. */
export function presentOrder(order: OrderRecord, rules: ReturnRules, asks: OrderAsks = NO_ASKS): Order {
  const items: OrderItem[] = order.items.map((line) => {
    const until = lineWindowEnd(order, line, rules)
    const returnableQuantity = until && line.lineId ? Math.max(0, line.quantity - (asks.unitsAskedBack.get(line.lineId) ?? 0)) : 0
    return {
      id: line.lineId ?? null,
      type: "product",
      productId: line.productId,
      title: line.title,
      imageUrl: line.imageUrl,
      size: line.size,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      // A line must be named to be asked back: one bought before line ids were kept waits until its id is read from Medusa.
      returnable: until !== null && until > rules.now && returnableQuantity > 0,
      returnableUntil: until?.toISOString() ?? null,
      returnableQuantity: until !== null && until > rules.now ? returnableQuantity : 0,
    }
  })
  return {
    id: order.id,
    medusaOrderId: order.medusaOrderId,
    displayId: order.displayId,
    status: order.status,
    total: order.total,
    totalCents: order.total,
    subtotal: order.subtotal,
    darkCoinsDiscount: order.discount,
    codFee: order.codFee,
    paymentMethod: order.paymentMethod,
    isTest: order.isTest,
    createdAt: order.createdAt.toISOString(),
    items,
    OrderItems: items,
    shippingProvider: order.shippingProvider,
    trackingId: order.trackingId,
    trackingUrl: order.trackingUrl,
    timeline: {
      placedAt: order.createdAt.toISOString(),
      shippedAt: order.shippedAt?.toISOString() ?? null,
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
      cancelledAt: order.cancelledAt?.toISOString() ?? null,
      returnedAt: order.returnedAt?.toISOString() ?? null,
    },
    estimatedDelivery: order.estimatedDelivery,
    // Issued by a job moments after it is due, or on the first download, whichever comes first.
    invoiceUrl: invoiceDue(order) ? `/api/orders/${order.id}/invoice` : null,
    creditNoteUrl: creditNoteDue(order) ? `/api/orders/${order.id}/credit-note` : null,
    returns: asks.returns,
  }
}
