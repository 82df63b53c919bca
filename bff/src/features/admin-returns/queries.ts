import type { PaymentMethod, ReturnReason, ReturnRefund, ReturnStatus } from "@fitshop/contracts"
import { calendarDay, type Db } from "../../lib/db.js"

type Queryable = Pick<Db, "query">

/** Of a return's line (returns.ts ReturnLine, kept as jsonb), what staff's list reads. */
type StoredLine = {
  title: string
  size: string | null
  quantity: number
  reason: ReturnReason
  note: string | null
  exchangeSize: string | null
}

/** A return with its order's number and payment and its customer's e-mail, as staff's list reads it. */
export type StaffReturn = {
  id: string
  kind: "return" | "exchange"
  status: ReturnStatus
  orderId: string
  orderDisplayId: number | null
  paymentMethod: PaymentMethod
  customerEmail: string
  lines: StoredLine[]
  refund: ReturnRefund
  pickupDate: string | null
  trackingUrl: string | null
  requestedAt: Date
  receivedAt: Date | null
  refundedAt: Date | null
  exchangedAt: Date | null
  cancelledAt: Date | null
  pickupStuckAt: Date | null
}

type Row = {
  id: string
  kind: "return" | "exchange"
  status: ReturnStatus
  order_id: string
  display_id: number | null
  payment_method: PaymentMethod
  email: string
  lines: StoredLine[]
  refund_to_payment_paise: number
  refund_coins: number
  pickup_date: Date | string | null
  tracking_url: string | null
  requested_at: Date
  received_at: Date | null
  refunded_at: Date | null
  exchanged_at: Date | null
  cancelled_at: Date | null
  stuck_at: Date | null
}

const toStaffReturn = (row: Row): StaffReturn => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  orderId: row.order_id,
  orderDisplayId: row.display_id,
  paymentMethod: row.payment_method,
  customerEmail: row.email,
  lines: row.lines,
  refund: { toPayment: row.refund_to_payment_paise, coins: row.refund_coins },
  pickupDate: calendarDay(row.pickup_date),
  trackingUrl: row.tracking_url,
  requestedAt: row.requested_at,
  receivedAt: row.received_at,
  refundedAt: row.refunded_at,
  exchangedAt: row.exchanged_at,
  cancelledAt: row.cancelled_at,
  pickupStuckAt: row.stuck_at,
})

/** One page of returns, newest ask first, with how many match in all; `status` narrows both. */
export async function staffReturns(
  db: Queryable,
  { limit, offset, status }: { limit: number; offset: number; status?: ReturnStatus },
): Promise<{ returns: StaffReturn[]; total: number }> {
  const matching = status ?? null
  const [page, count] = await Promise.all([
    db.query<Row>(
      `select r.id, r.kind, r.status, r.order_id, o.display_id, o.payment_method, u.email, r.lines,
              r.refund_to_payment_paise, r.refund_coins, r.pickup_date, r.tracking_url,
              r.requested_at, r.received_at, r.refunded_at, r.exchanged_at, r.cancelled_at, r.stuck_at
         from bff.returns r
         join bff.orders o on o.id = r.order_id
         join bff.users u on u.id = r.user_id
        where $1::text is null or r.status = $1
        order by r.requested_at desc, r.id desc
        limit $2 offset $3`,
      [matching, limit, offset],
    ),
    db.query<{ total: number }>("select count(*)::int as total from bff.returns where $1::text is null or status = $1", [matching]),
  ])
  return { returns: page.rows.map(toStaffReturn), total: count.rows[0]?.total ?? 0 }
}
