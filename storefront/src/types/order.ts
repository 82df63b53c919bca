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

export type OrderStatus = "PLACED" | "PAID" | "PROCESSING" | "SHIPPED" | "DELIVERED" | "CANCELLED"

/** An order as GET /api/orders/mine returns it; every amount in paise. */
export type Order = {
  id: string
  displayId: number
  status: OrderStatus
  total: number
  totalCents: number
  subtotal: number
  darkCoinsDiscount: number
  codFee: number
  paymentMethod: "online" | "cod"
  isTest: boolean
  createdAt: string
  items: OrderItem[]
  /** The same lines under the name older clients read. */
  OrderItems: OrderItem[]
  shippingProvider: string | null
  trackingId: string | null
  trackingUrl: string | null
}
