import { z } from "zod"

/** A line of a placed order; unitPrice in paise. */
export type OrderItem = {
  type: "product"
  productId: string
  title: string
  imageUrl: string | null
  size: string | null
  quantity: number
  unitPrice: number
}

export const ORDER_STATUSES = ["PLACED", "PAID", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED"] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export type PaymentMethod = "online" | "cod"

/** The spec's Order as the BFF answers it: every amount in paise (total and totalCents alike). */
export type Order = {
  id: string
  displayId: number | null
  status: OrderStatus
  total: number
  totalCents: number
  subtotal: number
  darkCoinsDiscount: number
  codFee: number
  paymentMethod: PaymentMethod
  isTest: boolean
  createdAt: string
  items: OrderItem[]
  /** The same lines under the name older clients read. */
  OrderItems: OrderItem[]
  shippingProvider: string | null
  trackingId: string | null
  trackingUrl: string | null
}

/** POST /api/checkout and POST /api/payments/verify: the order placed (its Medusa id). */
export const placedOrderAnswerSchema = z.strictObject({ ok: z.literal(true), orderId: z.string().regex(/^order_[A-Za-z0-9]+$/) })
export type PlacedOrderAnswer = z.infer<typeof placedOrderAnswerSchema>
