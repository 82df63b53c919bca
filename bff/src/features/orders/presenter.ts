import type { Order, OrderItem } from "@fitshop/contracts"
import type { OrderRecord } from "./orders.js"

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
  }
}
