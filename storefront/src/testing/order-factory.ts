import type { Order, OrderItem, OrderReturn, OrderTimeline } from "@fitshop/contracts"

let sequence = 0

/** An order line as the BFF would send it: one ₹1,299 hoodie in M unless overridden. */
export function buildOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  sequence += 1
  return {
    id: `ordli_${String(sequence)}`,
    type: "product",
    productId: `prod_order_${String(sequence)}`,
    title: `Ordered Hoodie ${String(sequence)}`,
    imageUrl: `/media/products/prod_order_${String(sequence)}.jpg`,
    size: "M",
    quantity: 1,
    unitPrice: 129900,
    returnable: false,
    returnableUntil: null,
    returnableQuantity: 0,
    ...overrides,
  }
}

/** What a test may set on an order: any field, and only the timeline's steps it cares about. */
export type OrderOverrides = Omit<Partial<Order>, "timeline"> & { timeline?: Partial<OrderTimeline> }

/** A placed order as GET /api/orders/mine would send it, its total following its lines and its timeline its date. */
export function buildOrder({ timeline, ...overrides }: OrderOverrides = {}): Order {
  sequence += 1
  const items = overrides.items ?? [buildOrderItem()]
  const subtotal = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0)
  const total = overrides.totalCents ?? subtotal
  const createdAt = overrides.createdAt ?? "2025-03-14T10:30:00.000Z"
  return {
    id: `ord_test${String(sequence)}`,
    medusaOrderId: `order_test_${String(sequence)}`,
    displayId: 1000 + sequence,
    status: "PLACED",
    total,
    totalCents: total,
    subtotal,
    darkCoinsDiscount: 0,
    codFee: 0,
    paymentMethod: "online",
    isTest: false,
    createdAt,
    shippingProvider: null,
    trackingId: null,
    trackingUrl: null,
    estimatedDelivery: null,
    invoiceUrl: null,
    creditNoteUrl: null,
    returns: [],
    ...overrides,
    timeline: { placedAt: createdAt, shippedAt: null, deliveredAt: null, cancelledAt: null, returnedAt: null, ...timeline },
    items,
    OrderItems: items,
  }
}

let returnSequence = 0

/** What a test may set on a return: any field, and only the timeline's steps it cares about. */
export type OrderReturnOverrides = Omit<Partial<OrderReturn>, "timeline"> & { timeline?: Partial<OrderReturn["timeline"]> }

/** A return just asked for on one line, as an order in GET /api/orders/mine carries it: one M hoodie, too small. */
export function buildOrderReturn({ timeline, ...overrides }: OrderReturnOverrides = {}): OrderReturn {
  returnSequence += 1
  return {
    id: `00000000-0000-4000-8000-${String(returnSequence).padStart(12, "0")}`,
    kind: "return",
    status: "requested",
    lines: [
      {
        lineId: `ordli_return${String(returnSequence)}`,
        title: "Ordered Hoodie",
        size: "M",
        quantity: 1,
        reason: "Size too small",
        note: null,
        exchangeSize: null,
      },
    ],
    refund: { toPayment: 129900, coins: 0 },
    pickupDate: null,
    trackingUrl: null,
    ...overrides,
    timeline: {
      requestedAt: "2025-03-20T10:00:00.000Z",
      pickupScheduledAt: null,
      pickedUpAt: null,
      receivedAt: null,
      refundedAt: null,
      exchangedAt: null,
      cancelledAt: null,
      ...timeline,
    },
  }
}
