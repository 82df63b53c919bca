/** An order's statuses: the way a parcel moves (PLACED … DELIVERED), and its two ends without a sale. */
export const ORDER_STATUSES = ["PLACED", "PAID", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED", "RETURNED"] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Cancelled, or every unit came back: no sale, nothing to post about, no referral earnings. */
export const ENDED_ORDER_STATUSES = ["CANCELLED", "RETURNED"] as const satisfies readonly OrderStatus[]

/** Whether an order with this status ended without a sale (case variants of the spec's statuses too). */
export const orderHasEnded = (status: string): boolean => (ENDED_ORDER_STATUSES as readonly string[]).includes(status.toUpperCase())
