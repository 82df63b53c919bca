import { PAISE_PER_COIN, type ReturnReason, type ReturnRefund, type ReturnStatus } from "@fitshop/contracts"
import { calendarDay, type Db } from "../../lib/db.js"
import { releaseHolds } from "../checkout/index.js"
import { addReturnedLines, type ShippingAddress } from "../orders/index.js"

type Queryable = Pick<Db, "query">

/** One order line asked back, as it was when asked: what it is, why, and what it gives back. */
export type ReturnLine = {
  lineId: string
  productId: string
  variantId: string
  title: string
  size: string | null
  quantity: number
  /** Units of the line already asked back before this return: its refund counts from there (contracts' returnRefund). */
  firstUnit: number
  unitPrice: number
  reason: ReturnReason
  note: string | null
  exchangeSize: string | null
  exchangeVariantId: string | null
  refund: ReturnRefund
  /** Of refund.coins, the coins spent on these units. */
  spentCoins: number
}

export type ReturnRecord = {
  id: string
  orderId: string
  userId: string
  kind: "return" | "exchange"
  status: ReturnStatus
  lines: ReturnLine[]
  pickupAddress: ShippingAddress
  refund: ReturnRefund
  spentCoins: number
  medusaReturnId: string | null
  medusaExchangeId: string | null
  shiprocketOrderId: string | null
  shipmentId: string | null
  awb: string | null
  trackingUrl: string | null
  pickupDate: string | null
  /** An exchange's new parcel, once shipped. */
  exchangeAwb: string | null
  exchangeTrackingUrl: string | null
  exchangeShippedAt: Date | null
  requestedAt: Date
  pickupScheduledAt: Date | null
  pickedUpAt: Date | null
  receivedAt: Date | null
  refundedAt: Date | null
  exchangedAt: Date | null
  cancelledAt: Date | null
}

type Row = {
  id: string
  order_id: string
  user_id: string
  kind: "return" | "exchange"
  status: ReturnStatus
  lines: ReturnLine[]
  pickup_address: ShippingAddress
  refund_to_payment_paise: number
  refund_coins: number
  refund_spent_coins: number
  medusa_return_id: string | null
  medusa_exchange_id: string | null
  shiprocket_order_id: string | null
  shipment_id: string | null
  awb: string | null
  tracking_url: string | null
  pickup_date: Date | string | null
  exchange_awb: string | null
  exchange_tracking_url: string | null
  exchange_shipped_at: Date | null
  requested_at: Date
  pickup_scheduled_at: Date | null
  picked_up_at: Date | null
  received_at: Date | null
  refunded_at: Date | null
  exchanged_at: Date | null
  cancelled_at: Date | null
}

function toReturn(row: Row): ReturnRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    userId: row.user_id,
    kind: row.kind,
    status: row.status,
    lines: row.lines,
    pickupAddress: row.pickup_address,
    refund: { toPayment: row.refund_to_payment_paise, coins: row.refund_coins },
    spentCoins: row.refund_spent_coins,
    medusaReturnId: row.medusa_return_id,
    medusaExchangeId: row.medusa_exchange_id,
    shiprocketOrderId: row.shiprocket_order_id,
    shipmentId: row.shipment_id,
    awb: row.awb,
    trackingUrl: row.tracking_url,
    pickupDate: calendarDay(row.pickup_date),
    exchangeAwb: row.exchange_awb,
    exchangeTrackingUrl: row.exchange_tracking_url,
    exchangeShippedAt: row.exchange_shipped_at,
    requestedAt: row.requested_at,
    pickupScheduledAt: row.pickup_scheduled_at,
    pickedUpAt: row.picked_up_at,
    receivedAt: row.received_at,
    refundedAt: row.refunded_at,
    exchangedAt: row.exchanged_at,
    cancelledAt: row.cancelled_at,
  }
}

/** The lines as one text, the same for the same lines in any order: a second ask for them while the first awaits its pickup is a duplicate. */
export const linesKey = (lines: Pick<ReturnLine, "lineId" | "quantity" | "exchangeSize">[]): string =>
  lines
    .map((line) => `${line.lineId}:${line.quantity}:${line.exchangeSize ?? ""}`)
    .sort()
    .join(",")

export type NewReturn = Pick<ReturnRecord, "id" | "orderId" | "userId" | "kind" | "lines" | "pickupAddress" | "refund" | "spentCoins">

/** Records the ask; answers false when the same lines are already asked and await their pickup (the unique index says so). */
export async function insertReturn(client: Queryable, ask: NewReturn): Promise<boolean> {
  const { rowCount } = await client.query(
    `insert into bff.returns (id, order_id, user_id, kind, lines, lines_key, pickup_address, refund_to_payment_paise, refund_coins, refund_spent_coins)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (order_id, lines_key) where status in ('requested', 'pickup_scheduled') do nothing`,
    [
      ask.id,
      ask.orderId,
      ask.userId,
      ask.kind,
      JSON.stringify(ask.lines),
      linesKey(ask.lines),
      JSON.stringify(ask.pickupAddress),
      ask.refund.toPayment,
      ask.refund.coins,
      ask.spentCoins,
    ],
  )
  return (rowCount ?? 0) > 0
}

export async function returnById(client: Queryable, id: string): Promise<ReturnRecord | undefined> {
  const { rows } = await client.query<Row>("select * from bff.returns where id = $1", [id])
  return rows[0] && toReturn(rows[0])
}

/** The return, its row held until the caller's transaction ends. */
export async function lockReturn(client: Queryable, id: string): Promise<ReturnRecord | undefined> {
  const { rows } = await client.query<Row>("select * from bff.returns where id = $1 for update", [id])
  return rows[0] && toReturn(rows[0])
}

export async function returnByAwb(client: Queryable, awb: string): Promise<ReturnRecord | undefined> {
  const { rows } = await client.query<Row>("select * from bff.returns where awb = $1", [awb])
  return rows[0] && toReturn(rows[0])
}

/** The returns of these orders, oldest first. */
export async function returnsOfOrders(client: Queryable, orderIds: string[]): Promise<ReturnRecord[]> {
  if (!orderIds.length) return []
  const { rows } = await client.query<Row>("select * from bff.returns where order_id = any($1::text[]) order by requested_at, id", [orderIds])
  return rows.map(toReturn)
}

/** How many units of each order line are asked back by returns that stand (not cancelled), by line id. */
export function unitsAskedBack(returns: ReturnRecord[]): Map<string, number> {
  const taken = new Map<string, number>()
  for (const ask of returns) {
    if (ask.status === "cancelled") continue
    for (const line of ask.lines) taken.set(line.lineId, (taken.get(line.lineId) ?? 0) + line.quantity)
  }
  return taken
}

/** What returns already gave back on an order (received and on): money to the payment, and the coins spent that came back. */
export async function refundedByReturns(client: Queryable, orderId: string): Promise<{ toPayment: number; spentCoins: number }> {
  const { rows } = await client.query<{ to_payment: string; spent_coins: string }>(
    `select coalesce(sum(refund_to_payment_paise), 0) as to_payment, coalesce(sum(refund_spent_coins), 0) as spent_coins
       from bff.returns where order_id = $1 and kind = 'return' and status in ('received', 'refunded')`,
    [orderId],
  )
  return { toPayment: Number(rows[0]?.to_payment ?? 0), spentCoins: Number(rows[0]?.spent_coins ?? 0) }
}

/** The return's units came back: the order keeps what came back of each line, which the sales figures count out. */
export async function recordReturnedLines(client: Queryable, ask: ReturnRecord): Promise<void> {
  await addReturnedLines(
    client,
    ask.orderId,
    ask.lines.map((line) => ({ lineId: line.lineId, quantity: line.quantity, paid: line.unitPrice * line.quantity - line.spentCoins * PAISE_PER_COIN })),
  )
}

/** Units of a product on an order that came back (returns received or refunded). */
export async function unitsBackOfProduct(client: Queryable, orderId: string, productId: string): Promise<number> {
  const { rows } = await client.query<{ units: string }>(
    `select coalesce(sum((line ->> 'quantity')::int), 0) as units
       from bff.returns r cross join lateral jsonb_array_elements(r.lines) as line
      where r.order_id = $1 and r.kind = 'return' and r.status in ('received', 'refunded') and line ->> 'productId' = $2`,
    [orderId, productId],
  )
  return Number(rows[0]?.units ?? 0)
}

/** Medusa holds the return: its id is kept so each later step names it. */
export async function recordMedusaReturn(client: Queryable, id: string, medusa: { returnId: string; exchangeId?: string | null }): Promise<void> {
  await client.query("update bff.returns set medusa_return_id = $2, medusa_exchange_id = coalesce($3, medusa_exchange_id), updated_at = now() where id = $1", [
    id,
    medusa.returnId,
    medusa.exchangeId ?? null,
  ])
}

/** The courier's reverse pickup is booked: its AWB, tracking link and the day it comes; answers whether this booked it. */
export async function recordPickup(
  client: Queryable,
  id: string,
  pickup: { shiprocketOrderId: string; shipmentId: string; awb: string; trackingUrl: string; pickupDate: string | null },
): Promise<boolean> {
  const { rowCount } = await client.query(
    `update bff.returns set shiprocket_order_id = $2, shipment_id = $3, awb = $4, tracking_url = $5, pickup_date = $6,
        status = case when status = 'requested' then 'pickup_scheduled' else status end,
        pickup_scheduled_at = coalesce(pickup_scheduled_at, now()), updated_at = now()
      where id = $1 and awb is null`,
    [id, pickup.shiprocketOrderId, pickup.shipmentId, pickup.awb, pickup.trackingUrl, pickup.pickupDate],
  )
  return (rowCount ?? 0) > 0
}

/** The order a return moves through; it never moves back, and a cancelled one never moves. */
const PROGRESS: ReturnStatus[] = ["requested", "pickup_scheduled", "picked_up", "received"]
const STAMP: Partial<Record<ReturnStatus, string>> = {
  pickup_scheduled: "pickup_scheduled_at",
  picked_up: "picked_up_at",
  received: "received_at",
}

/**
 * Moves a return forward to `status` (stamping it and every step it skipped that had no date); answers whether it
 * moved, so what follows a step (the refund at receipt) happens once however often the courier says so.
 */
export async function advanceReturn(client: Queryable, id: string, status: "pickup_scheduled" | "picked_up" | "received"): Promise<boolean> {
  const before = PROGRESS.slice(0, PROGRESS.indexOf(status))
  const stamps = PROGRESS.slice(1, PROGRESS.indexOf(status) + 1)
    .map((step) => STAMP[step])
    .map((column) => `${column} = coalesce(${column}, now())`)
    .join(", ")
  const { rowCount } = await client.query(`update bff.returns set status = $2, ${stamps}, updated_at = now() where id = $1 and status = any($3)`, [
    id,
    status,
    before,
  ])
  return (rowCount ?? 0) > 0
}

/** The money is back (a return) or the new size is on its way and the old one in (an exchange): the return's last step. */
export async function finishReturn(client: Queryable, id: string, status: "refunded" | "exchanged"): Promise<boolean> {
  const column = status === "refunded" ? "refunded_at" : "exchanged_at"
  const shipped = status === "exchanged" ? "and exchange_shipped_at is not null" : ""
  const { rowCount } = await client.query(
    `update bff.returns set status = $2, ${column} = now(), updated_at = now() where id = $1 and status = 'received' ${shipped}`,
    [id, status],
  )
  return (rowCount ?? 0) > 0
}

/**
 * A return that ends before its units left the shopper (an exchange Medusa could not make, a pickup the courier gave
 * up): cancelled, an exchange's held units let go; answers whether this call cancelled it. Run it in a transaction, so
 * the return's row and then checkout's holds change together.
 */
export async function cancelReturn(client: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await client.query(
    "update bff.returns set status = 'cancelled', cancelled_at = now(), updated_at = now() where id = $1 and status in ('requested', 'pickup_scheduled')",
    [id],
  )
  if (!rowCount) return false
  await releaseHolds(client, id)
  return true
}
