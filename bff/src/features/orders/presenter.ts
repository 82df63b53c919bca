import type { Order, OrderItem } from "@fitshop/contracts"
import { creditNoteDue, invoiceDue, type OrderRecord } from "./orders.js"

/** The spec's Order: amounts in paise (total and totalCents alike), items under both names the spec shows. */
export function presentOrder(order: OrderRecord): Order {
  const items: OrderItem[] = order.items.map((line) => ({
    type: "product",
    productId: line.productId,
    title: line.title,
    imageUrl: line.imageUrl,
    size: line.size,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
  }))
  return {
    id: order.id,
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
  }
}
