import { orderHasEnded, type OrderStatus } from "@fitshop/contracts"
import { calendarDay, type Db } from "../../lib/db.js"
import type { Address } from "../addresses/index.js"

type Queryable = Pick<Db, "query">

/** One bought line as the checkout froze it; prices in paise. */
export type CheckoutLine = {
  productId: string
  variantId: string
  size: string | null
  quantity: number
  unitPrice: number
  title: string
  imageUrl: string | null
  refPostId: string | null
  /** Medusa's order line (ordli_…) this line became, which returns and exchanges name; absent on lines bought before it was kept. */
  lineId?: string
  /** Whether the product could be returned when it was bought (staff may mark a product not returnable); absent before it was kept: returnable. */
  returnable?: boolean
  /** The tax facts as they were at the sale: the HSN code of the product's category and the GST % staff set (null: the apparel rule). Absent on lines bought before invoices. */
  hsn?: string
  gstPercent?: number | null
}

/** A bought line as papers name it (the courier's manifest, the tax invoice): "Static Shift Hoodie (M)". */
export const lineName = (line: Pick<CheckoutLine, "title" | "size">): string => (line.size ? `${line.title} (${line.size})` : line.title)

/** Where the order goes, as the shopper gave it at checkout (a saved address or a new one). */
export type ShippingAddress = Omit<Address, "id" | "label" | "isDefault"> & { email: string | null }

export type { OrderStatus }

/** The order of the statuses a shipment moves through; an update never moves an order back, nor out of CANCELLED or RETURNED. */
const PROGRESS: OrderStatus[] = ["PLACED", "PAID", "PROCESSING", "SHIPPED", "DELIVERED"]

export type OrderRecord = {
  /** The shop's id: `ord_…` from acceptance on, Medusa's own (`order_…`) for an order placed before the shop kept its own. */
  id: string
  /** Medusa's order once placed there (null while the shop has accepted it and Medusa has not placed it yet). */
  medusaOrderId: string | null
  checkoutId: string
  userId: string
  displayId: number | null
  status: OrderStatus
  paymentMethod: "online" | "cod"
  isTest: boolean
  subtotal: number
  discount: number
  codFee: number
  total: number
  items: CheckoutLine[]
  shippingAddress: ShippingAddress
  shippingProvider: string | null
  shiprocketOrderId: string | null
  shipmentId: string | null
  trackingId: string | null
  trackingUrl: string | null
  /** When the courier took it (null before; a parcel first heard of as delivered counts as shipped then). */
  shippedAt: Date | null
  /** When the courier delivered it (null before): referral earnings and returns count their window from here. */
  deliveredAt: Date | null
  cancelledAt: Date | null
  returnedAt: Date | null
  /** The India calendar day (yyyy-mm-dd) checkout promised delivery by; null when Shiprocket couldn't say. */
  estimatedDelivery: string | null
  createdAt: Date
}

type Row = {
  id: string
  medusa_order_id: string | null
  checkout_id: string
  user_id: string
  display_id: number | null
  status: OrderStatus
  payment_method: "online" | "cod"
  is_test: boolean
  subtotal_paise: number
  discount_paise: number
  cod_fee_paise: number
  total_paise: number
  items: CheckoutLine[]
  shipping_address: ShippingAddress
  shipping_provider: string | null
  shiprocket_order_id: string | null
  shipment_id: string | null
  tracking_id: string | null
  tracking_url: string | null
  shipped_at: Date | null
  delivered_at: Date | null
  cancelled_at: Date | null
  returned_at: Date | null
  estimated_delivery: Date | string | null
  created_at: Date
}

function toOrder(row: Row): OrderRecord {
  return {
    id: row.id,
    medusaOrderId: row.medusa_order_id,
    checkoutId: row.checkout_id,
    userId: row.user_id,
    displayId: row.display_id,
    status: row.status,
    paymentMethod: row.payment_method,
    isTest: row.is_test,
    subtotal: row.subtotal_paise,
    discount: row.discount_paise,
    codFee: row.cod_fee_paise,
    total: row.total_paise,
    items: row.items,
    shippingAddress: row.shipping_address,
    shippingProvider: row.shipping_provider,
    shiprocketOrderId: row.shiprocket_order_id,
    shipmentId: row.shipment_id,
    trackingId: row.tracking_id,
    trackingUrl: row.tracking_url,
    shippedAt: row.shipped_at,
    deliveredAt: row.delivered_at,
    cancelledAt: row.cancelled_at,
    returnedAt: row.returned_at,
    estimatedDelivery: calendarDay(row.estimated_delivery),
    createdAt: row.created_at,
  }
}

/** What an order is recorded from: the checkout that placed it (its id becomes the order's checkout id). */
export type PlacedCheckout = {
  id: string
  userId: string
  mode: "prepaid" | "cod"
  isTest: boolean
  subtotal: number
  discount: number
  codFee: number
  amount: number
  lines: CheckoutLine[]
  address: ShippingAddress
  estimatedDelivery: string | null
}

/** The shop's order accepted: its id (the checkout's, `ord_…`) and the number the shop gave it. */
export type AcceptedOrder = { id: string; displayId: number }

/** The shop's id of the order a checkout becomes: one checkout, one order, whoever accepts it. */
export const shopOrderId = (checkoutId: string): string => `ord_${checkoutId.replace(/-/g, "")}`

/** The shop's next order number (#1042), on from the last Medusa gave before the shop numbered its own. */
export async function nextOrderNumber(client: Queryable): Promise<number> {
  const { rows } = await client.query<{ number: string }>("select nextval('bff.order_numbers') as number")
  return Number(rows[0]!.number)
}

/**
 * The BFF's record of an accepted order, which Medusa places after (medusa_order_id null until then; each line gets
 * its Medusa line id then); a replay inserts nothing and answers false.
 */
export async function recordOrder(client: Queryable, accepted: AcceptedOrder, checkout: PlacedCheckout): Promise<boolean> {
  const { rowCount } = await client.query(
    `insert into bff.orders (id, display_id, checkout_id, user_id, status, payment_method, is_test, subtotal_paise, discount_paise, cod_fee_paise,
       total_paise, items, shipping_address, estimated_delivery)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (id) do nothing`,
    [
      accepted.id,
      accepted.displayId,
      checkout.id,
      checkout.userId,
      checkout.mode === "cod" ? "PLACED" : "PAID",
      checkout.mode === "cod" ? "cod" : "online",
      checkout.isTest,
      checkout.subtotal,
      checkout.discount,
      checkout.codFee,
      checkout.amount,
      JSON.stringify(checkout.lines),
      JSON.stringify(checkout.address),
      checkout.estimatedDelivery,
    ],
  )
  return (rowCount ?? 0) > 0
}

/** The order as Medusa placed it: its id and its line ids (ordli_…) by variant, which returns and exchanges name. */
export type MedusaPlacedOrder = { id: string; lines: { id: string; variantId: string | null }[] }

/** Keeps Medusa's order and line ids on the shop's order, once; answers whether this call recorded them. */
export async function recordMedusaOrder(client: Queryable, id: string, placed: MedusaPlacedOrder): Promise<boolean> {
  const lineIds = Object.fromEntries(placed.lines.flatMap((line) => (line.variantId ? [[line.variantId, line.id]] : [])))
  const { rowCount } = await client.query(
    `update bff.orders set medusa_order_id = $2, updated_at = now(),
        items = (select coalesce(jsonb_agg(case when $3::jsonb ? (line ->> 'variantId') then line || jsonb_build_object('lineId', $3::jsonb ->> (line ->> 'variantId')) else line end
                                           order by position), '[]'::jsonb)
                   from jsonb_array_elements(items) with ordinality as item (line, position))
      where id = $1 and medusa_order_id is null`,
    [id, placed.id, JSON.stringify(lineIds)],
  )
  return (rowCount ?? 0) > 0
}

export async function orderById(client: Queryable, id: string): Promise<OrderRecord | undefined> {
  const { rows } = await client.query<Row>("select * from bff.orders where id = $1", [id])
  return rows[0] && toOrder(rows[0])
}

/** The shop's order Medusa's order is (Medusa tells its changes by its own id). */
export async function orderByMedusaId(client: Queryable, medusaOrderId: string): Promise<OrderRecord | undefined> {
  const { rows } = await client.query<Row>("select * from bff.orders where medusa_order_id = $1", [medusaOrderId])
  return rows[0] && toOrder(rows[0])
}

/** Thrown for work on Medusa's order (a return, a shipment) that comes before Medusa has placed it: retried later. */
export class NotInMedusaYet extends Error {
  constructor(orderId: string) {
    super(`order ${orderId} is not placed in Medusa yet`)
  }
}

/** Medusa's id of the shop's order, for a call to Medusa about it; throws NotInMedusaYet before Medusa placed it. */
export async function medusaIdOf(client: Queryable, orderId: string): Promise<string> {
  const { rows } = await client.query<{ medusa_order_id: string | null }>("select medusa_order_id from bff.orders where id = $1", [orderId])
  if (!rows[0]) throw new Error(`order ${orderId} not found`)
  if (!rows[0].medusa_order_id) throw new NotInMedusaYet(orderId)
  return rows[0].medusa_order_id
}

/** The order, its row locked until the caller's transaction ends (so a cancellation and a credit can't cross). */
export async function lockOrder(client: Queryable, id: string): Promise<OrderRecord | undefined> {
  const { rows } = await client.query<Row>("select * from bff.orders where id = $1 for update", [id])
  return rows[0] && toOrder(rows[0])
}

export async function orderByTrackingId(client: Queryable, trackingId: string): Promise<OrderRecord | undefined> {
  const { rows } = await client.query<Row>("select * from bff.orders where tracking_id = $1", [trackingId])
  return rows[0] && toOrder(rows[0])
}

/** The shopper's orders, newest first. */
export async function ordersOfUser(client: Queryable, userId: string, limit = 100): Promise<OrderRecord[]> {
  const { rows } = await client.query<Row>("select * from bff.orders where user_id = $1 order by created_at desc, id desc limit $2", [userId, limit])
  return rows.map(toOrder)
}

/** The courier's booking of an order's parcel: who carries it, Shiprocket's ids, its AWB and where it is tracked. */
export type OrderShipment = { provider: string; shiprocketOrderId: string; shipmentId: string; trackingId: string; trackingUrl: string }

/** Stores the courier's details once Shiprocket assigned an AWB (the status moves with the courier's scans); answers whether the order was there. */
export async function recordShipment(client: Queryable, id: string, shipment: OrderShipment): Promise<boolean> {
  const { rowCount } = await client.query(
    `update bff.orders set shipping_provider = $2, shiprocket_order_id = $3, shipment_id = $4, tracking_id = $5, tracking_url = $6,
       updated_at = now()
     where id = $1`,
    [id, shipment.provider, shipment.shiprocketOrderId, shipment.shipmentId, shipment.trackingId, shipment.trackingUrl],
  )
  return (rowCount ?? 0) > 0
}

/** Moves an order forward to `status` (never back, never out of CANCELLED or RETURNED); answers whether it moved. */
export async function advanceStatus(client: Queryable, id: string, status: OrderStatus): Promise<boolean> {
  const later = PROGRESS.slice(PROGRESS.indexOf(status))
  const { rowCount } = await client.query(
    `update bff.orders set status = $2, updated_at = now(), delivered_at = case when $2 = 'DELIVERED' then now() end,
        shipped_at = case when $2 in ('SHIPPED', 'DELIVERED') then coalesce(shipped_at, now()) end
      where id = $1 and status not in ('CANCELLED', 'RETURNED') and not (status = any($3))`,
    [id, status, later],
  )
  return (rowCount ?? 0) > 0
}

const DAY_MS = 24 * 60 * 60_000

/** When the order's return window closes: its delivery plus the window (RETURN_WINDOW_DAYS); null before delivery. */
export const returnWindowEnd = (order: Pick<OrderRecord, "deliveredAt">, returnWindowDays: number): Date | null =>
  order.deliveredAt ? new Date(order.deliveredAt.getTime() + returnWindowDays * DAY_MS) : null

/** Whether the order was cancelled or came back whole: nothing it gave (referral earnings, posts) stands. */
export const hasEnded = (order: Pick<OrderRecord, "status">) => orderHasEnded(order.status)

/** Ends an order as `status` unless it has ended already; answers whether it did (so what follows an ending happens once). */
export async function endAs(client: Queryable, id: string, status: "CANCELLED" | "RETURNED"): Promise<boolean> {
  const { rowCount } = await client.query(
    `update bff.orders set status = $2, updated_at = now(),
        cancelled_at = case when $2 = 'CANCELLED' then now() end, returned_at = case when $2 = 'RETURNED' then now() end
      where id = $1 and status not in ('CANCELLED', 'RETURNED')`,
    [id, status],
  )
  return (rowCount ?? 0) > 0
}

/**
 * Units of the order's lines came back (a return received): each line's count and the paise they were paid with add
 * to what came back of it before, which the sales figures count out. One statement per line, in the given order.
 */
export async function addReturnedLines(client: Queryable, id: string, lines: { lineId: string; quantity: number; paid: number }[]): Promise<void> {
  for (const line of lines) {
    await client.query(
      `update bff.orders set updated_at = now(), returned_lines = jsonb_set(returned_lines, array[$2::text], jsonb_build_object(
          'quantity', coalesce((returned_lines -> $2 ->> 'quantity')::int, 0) + $3::int,
          'paid', coalesce((returned_lines -> $2 ->> 'paid')::bigint, 0) + $4::bigint))
        where id = $1`,
      [id, line.lineId, line.quantity, line.paid],
    )
  }
}

/**
 * Whether the order is a sale a GST tax invoice is due for: paid online (issued when placed), or cash on delivery
 * once the courier booked its parcel (the AWB: the invoice goes with the goods, CGST Act s.31(1)(a)) or, booked
 * outside the shop, delivered; a ₹1 live test is no sale. An invoiced order that then ended is followed by a credit note.
 */
export const invoiceDue = (order: Pick<OrderRecord, "isTest" | "paymentMethod" | "trackingId" | "deliveredAt">): boolean =>
  !order.isTest && (order.paymentMethod === "online" || order.trackingId !== null || order.deliveredAt !== null)

export const creditNoteDue = (order: Pick<OrderRecord, "isTest" | "paymentMethod" | "trackingId" | "deliveredAt" | "status">): boolean =>
  invoiceDue(order) && hasEnded(order)

/** SQL on bff.orders `o`: the money is in (paid online, or delivered and paid to the courier) and the order neither cancelled nor returned. */
export const PAID_OR_DELIVERED = "(o.status not in ('CANCELLED', 'RETURNED') and (o.payment_method = 'online' or o.status = 'DELIVERED'))"

/**
 * The shopper's newest paid or delivered order holding a unit of the product they did not ask back (an unpaid
 * cash-on-delivery order does not count, nor a line sent back or on its way back in a return), with the size bought
 * on that line and whether every unit of the product on that order was kept (a post on it is a verified buyer's);
 * `exceptOrderId` leaves one order out (the one being cancelled); `deliveredOnly` counts only orders the courier
 * delivered (a review needs the piece in hand).
 */
export async function latestPaidPurchaseOf(
  client: Queryable,
  userId: string,
  productId: string,
  exceptOrderId: string | null = null,
  deliveredOnly = false,
): Promise<{ orderId: string; size: string | null; verified: boolean } | undefined> {
  const { rows } = await client.query<{ id: string; size: string | null; verified: boolean }>(
    `with lines as (
       select o.id, o.created_at, line ->> 'size' as size,
              (line ->> 'quantity')::int - coalesce((
                select sum((asked ->> 'quantity')::int) from bff.returns r cross join lateral jsonb_array_elements(r.lines) as asked
                 where r.order_id = o.id and r.kind = 'return' and r.status <> 'cancelled' and asked ->> 'lineId' = line ->> 'lineId'), 0) as kept,
              (line ->> 'quantity')::int as bought
         from bff.orders o cross join lateral jsonb_array_elements(o.items) as line
        where o.user_id = $1 and ${PAID_OR_DELIVERED} and line ->> 'productId' = $2 and o.id is distinct from $3
          and (not $4 or o.status = 'DELIVERED'))
     select id, size, verified
       from (select id, created_at, size, kept, bool_and(kept = bought) over (partition by id) as verified from lines) as line
      where kept > 0 order by created_at desc limit 1`,
    [userId, productId, exceptOrderId, deliveredOnly],
  )
  return rows[0] && { orderId: rows[0].id, size: rows[0].size, verified: rows[0].verified }
}

/**
 * The units the shopper kept of each product and size on their delivered orders (test orders aside): a line's units
 * less those asked back in a return, with the units exchanged counted in the size they were exchanged for.
 */
export async function keptSizesOf(client: Queryable, userId: string): Promise<{ productId: string; size: string; units: number }[]> {
  const { rows } = await client.query<{ product_id: string; size: string; units: number }>(
    `with lines as (
       select o.id, line ->> 'lineId' as line_id, line ->> 'productId' as product_id, line ->> 'size' as size, (line ->> 'quantity')::int as quantity
         from bff.orders o cross join lateral jsonb_array_elements(o.items) as line
        where o.user_id = $1 and o.status = 'DELIVERED' and not o.is_test
     ), asked as (
       select r.order_id, asked ->> 'lineId' as line_id, r.kind, asked ->> 'exchangeSize' as exchange_size, (asked ->> 'quantity')::int as quantity
         from bff.returns r cross join lateral jsonb_array_elements(r.lines) as asked
        where r.order_id in (select id from lines) and r.status <> 'cancelled'
     ), kept as (
       select l.product_id, l.size, l.quantity - coalesce((select sum(a.quantity) from asked a where a.order_id = l.id and a.line_id = l.line_id), 0) as units
         from lines l
       union all
       select l.product_id, a.exchange_size, a.quantity
         from asked a join lines l on l.id = a.order_id and l.line_id = a.line_id
        where a.kind = 'exchange' and a.exchange_size is not null
     )
     select product_id, size, sum(units)::int as units from kept where size is not null group by 1, 2 having sum(units) > 0`,
    [userId],
  )
  return rows.map((row) => ({ productId: row.product_id, size: row.size, units: row.units }))
}
