import { z } from "zod"
import { ORDER_STATUSES } from "./order-statuses.js"
import { orderReturnSchema } from "./returns.js"

/** A line of a placed order; unitPrice in paise. */
export const orderItemSchema = z.strictObject({
  /** The order line's id in Medusa (ordli_…), which a return names; null on lines bought before it was kept. */
  id: z.string().nullable(),
  type: z.literal("product"),
  productId: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** Whether the shopper may ask to return or exchange it now: delivered, within the return window, a returnable product, units left to return. */
  returnable: z.boolean(),
  /** When its return window closes (ISO instant): the delivery plus the window; null when it has none (not delivered, ended, not returnable). */
  returnableUntil: z.string().nullable(),
  /** How many of its units may still be asked back: bought less those returned or on their way back. */
  returnableQuantity: z.number().int().nonnegative(),
})
export type OrderItem = z.infer<typeof orderItemSchema>

export const PAYMENT_METHODS = ["online", "cod"] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** When the order reached each step (ISO instants); null until it did. */
export const orderTimelineSchema = z.strictObject({
  placedAt: z.string(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
})
export type OrderTimeline = z.infer<typeof orderTimelineSchema>

/** An order's id in an address or a body: the shop's (`ord_…`), or Medusa's (`order_…`) for an order placed before the shop kept its own. */
export const orderIdSchema = z.string().regex(/^(ord|order)_[A-Za-z0-9]{1,40}$/, "is not an order id")

/** The spec's Order as the BFF answers it: every amount in paise (total and totalCents alike). */
export const orderSchema = z.strictObject({
  /** The shop's id, given at checkout and kept everywhere (account, invoice, returns). */
  id: z.string(),
  /** Medusa's order, once placed there (ops find the shop's id in its metadata, `shop_order_id`); null until then. */
  medusaOrderId: z.string().nullable(),
  displayId: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  totalCents: z.number(),
  subtotal: z.number(),
  darkCoinsDiscount: z.number(),
  codFee: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  isTest: z.boolean(),
  createdAt: z.string(),
  items: z.array(orderItemSchema),
  /** The same lines under the name older clients read. */
  OrderItems: z.array(orderItemSchema),
  shippingProvider: z.string().nullable(),
  trackingId: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  timeline: orderTimelineSchema,
  /** The India calendar day (yyyy-mm-dd) checkout promised delivery by, when Shiprocket could say. */
  estimatedDelivery: z.iso.date().nullable(),
  /** Where the GST tax invoice downloads (a PDF), once one is issued: a prepaid order on placing, cash on delivery on delivery. */
  invoiceUrl: z.string().nullable(),
  /** Where the credit note that reverses the invoice downloads, once an invoiced order was cancelled or returned. */
  creditNoteUrl: z.string().nullable(),
  /** The returns and size exchanges asked for on this order, oldest first. */
  returns: z.array(orderReturnSchema),
})
export type Order = z.infer<typeof orderSchema>

/** GET /api/orders/mine: the shopper's orders, newest first. */
export const myOrdersAnswerSchema = z.strictObject({ orders: z.array(orderSchema) })
export type MyOrdersAnswer = z.infer<typeof myOrdersAnswerSchema>

/** POST /api/checkout and POST /api/payments/verify: the order accepted (the shop's id; Medusa places it in turn). */
export const placedOrderAnswerSchema = z.strictObject({ ok: z.literal(true), orderId: orderIdSchema })
export type PlacedOrderAnswer = z.infer<typeof placedOrderAnswerSchema>
