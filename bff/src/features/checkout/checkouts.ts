import { calendarDay, type Db } from "../../lib/db.js"
import type { CheckoutLine, ShippingAddress } from "../orders/index.js"

type Queryable = Pick<Db, "query">

export type CheckoutStatus = "awaiting_payment" | "paid" | "placed" | "failed" | "refunded" | "expired"

export type Checkout = {
  id: string
  userId: string
  mode: "prepaid" | "cod"
  /** The Medusa cart the placement job made for the accepted order; null until then. */
  medusaCartId: string | null
  receipt: string
  razorpayOrderId: string | null
  razorpayPaymentId: string | null
  subtotal: number
  discount: number
  coins: number
  codFee: number
  amount: number
  isTest: boolean
  lines: CheckoutLine[]
  address: ShippingAddress
  /** The India calendar day Shiprocket promised delivery by when the checkout was made; null when it couldn't say. */
  estimatedDelivery: string | null
  /** The buyer's GSTIN, when the shopper gave one for a business purchase: printed on the invoice. */
  buyerGstin: string | null
  status: CheckoutStatus
  failure: string | null
  /** The shop's order the checkout became once accepted (for checkouts before the shop kept its own ids, Medusa's). */
  orderId: string | null
  createdAt: Date
}

type Row = {
  id: string
  user_id: string
  mode: "prepaid" | "cod"
  medusa_cart_id: string | null
  receipt: string
  razorpay_order_id: string | null
  razorpay_payment_id: string | null
  subtotal_paise: number
  discount_paise: number
  coins: number
  cod_fee_paise: number
  amount_paise: number
  is_test: boolean
  lines: CheckoutLine[]
  address: ShippingAddress
  estimated_delivery: Date | string | null
  buyer_gstin: string | null
  status: CheckoutStatus
  failure: string | null
  order_id: string | null
  created_at: Date
}

function toCheckout(row: Row): Checkout {
  return {
    id: row.id,
    userId: row.user_id,
    mode: row.mode,
    medusaCartId: row.medusa_cart_id,
    receipt: row.receipt,
    razorpayOrderId: row.razorpay_order_id,
    razorpayPaymentId: row.razorpay_payment_id,
    subtotal: row.subtotal_paise,
    discount: row.discount_paise,
    coins: row.coins,
    codFee: row.cod_fee_paise,
    amount: row.amount_paise,
    isTest: row.is_test,
    lines: row.lines,
    address: row.address,
    estimatedDelivery: calendarDay(row.estimated_delivery),
    buyerGstin: row.buyer_gstin,
    status: row.status,
    failure: row.failure,
    orderId: row.order_id,
    createdAt: row.created_at,
  }
}

/** What the shopper owes for the checkout's order (the live test's ₹1 aside): the bag, less the coins, plus the COD fee. */
export const owedPaise = ({ subtotal, discount, codFee }: Pick<Checkout, "subtotal" | "discount" | "codFee">): number =>
  Math.max(0, subtotal - discount + codFee)

export type NewCheckout = Omit<
  Checkout,
  "medusaCartId" | "razorpayOrderId" | "razorpayPaymentId" | "status" | "failure" | "orderId" | "createdAt" | "buyerGstin"
> &
  Partial<Pick<Checkout, "buyerGstin">>

export async function insertCheckout(client: Queryable, checkout: NewCheckout): Promise<void> {
  await client.query(
    `insert into bff.checkouts (id, user_id, mode, receipt, subtotal_paise, discount_paise, coins, cod_fee_paise,
       amount_paise, is_test, lines, address, estimated_delivery, buyer_gstin)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      checkout.id,
      checkout.userId,
      checkout.mode,
      checkout.receipt,
      checkout.subtotal,
      checkout.discount,
      checkout.coins,
      checkout.codFee,
      checkout.amount,
      checkout.isTest,
      JSON.stringify(checkout.lines),
      JSON.stringify(checkout.address),
      checkout.estimatedDelivery,
      checkout.buyerGstin ?? null,
    ],
  )
}

export async function checkoutById(client: Queryable, id: string): Promise<Checkout | undefined> {
  const { rows } = await client.query<Row>("select * from bff.checkouts where id = $1", [id])
  return rows[0] && toCheckout(rows[0])
}

export async function checkoutByRazorpayOrder(client: Queryable, razorpayOrderId: string): Promise<Checkout | undefined> {
  const { rows } = await client.query<Row>("select * from bff.checkouts where razorpay_order_id = $1", [razorpayOrderId])
  return rows[0] && toCheckout(rows[0])
}

export async function setRazorpayOrder(client: Queryable, id: string, razorpayOrderId: string): Promise<void> {
  await client.query("update bff.checkouts set razorpay_order_id = $2, updated_at = now() where id = $1", [id, razorpayOrderId])
}

/**
 * Keeps the Medusa cart the placement job made for the checkout; a cart kept before (another run of the job) stays,
 * and is the one answered.
 */
export async function keepMedusaCart(client: Queryable, id: string, cartId: string): Promise<string> {
  const { rows } = await client.query<{ medusa_cart_id: string }>(
    `update bff.checkouts set medusa_cart_id = coalesce(medusa_cart_id, $2), updated_at = now() where id = $1 returning medusa_cart_id`,
    [id, cartId],
  )
  if (!rows[0]) throw new Error(`checkout ${id} not found`)
  return rows[0].medusa_cart_id
}

/** Records the payment that pays the checkout; a checkout already placed, failed or refunded keeps its status. */
export async function markPaid(client: Queryable, id: string, razorpayPaymentId: string): Promise<void> {
  await client.query(
    `update bff.checkouts set razorpay_payment_id = $2, status = case when status in ('awaiting_payment', 'expired') then 'paid' else status end,
       updated_at = now() where id = $1`,
    [id, razorpayPaymentId],
  )
}

/**
 * The checkout became the shop's order, accepted: its units count against their sizes until Medusa has placed the
 * order (placed at 'infinity', migration 050), whatever their payment window said.
 */
export async function markAccepted(client: Queryable, id: string, orderId: string): Promise<void> {
  await client.query(
    `with accepted as (update bff.checkouts set status = 'placed', order_id = $2, failure = null, updated_at = now() where id = $1 returning id)
     update bff.stock_holds set placed_at = 'infinity' where checkout_id in (select id from accepted) and released_at is null`,
    [id, orderId],
  )
}

/**
 * Medusa placed the accepted order: its holds count on until the catalogue has read the products again (Medusa's
 * stock is lower from now on). At the statement's own time, not the transaction's start.
 */
export async function markPlacedInMedusa(client: Queryable, id: string): Promise<void> {
  await client.query("update bff.stock_holds set placed_at = clock_timestamp() where checkout_id = $1 and released_at is null and placed_at = 'infinity'", [id])
}

/** A checkout that will never be an order frees the units it held at once. */
const RELEASING_HOLDS = "update bff.stock_holds set released_at = now() where checkout_id in (select id from ended) and released_at is null"

export async function markFailed(client: Queryable, id: string, failure: string): Promise<void> {
  await client.query(
    `with ended as (update bff.checkouts set status = 'failed', failure = $2, updated_at = now() where id = $1 and status <> 'placed' returning id)
     ${RELEASING_HOLDS}`,
    [id, failure],
  )
}

export async function markRefunded(client: Queryable, id: string): Promise<void> {
  await client.query("update bff.checkouts set status = 'refunded', updated_at = now() where id = $1", [id])
}

export async function markExpired(client: Queryable, id: string): Promise<void> {
  await client.query(
    `with ended as (update bff.checkouts set status = 'expired', updated_at = now() where id = $1 and status = 'awaiting_payment' returning id)
     ${RELEASING_HOLDS}`,
    [id],
  )
}

/** Online checkouts neither placed nor given up that are older than `olderThanMs` (and younger than `youngerThanMs`). */
export async function unsettledRazorpayOrders(client: Queryable, olderThanMs: number, youngerThanMs: number): Promise<string[]> {
  const { rows } = await client.query<{ razorpay_order_id: string }>(
    `select razorpay_order_id from bff.checkouts
      where status in ('awaiting_payment', 'paid') and razorpay_order_id is not null
        and created_at < now() - $1 * interval '1 millisecond' and created_at > now() - $2 * interval '1 millisecond'
      order by created_at limit 500`,
    [olderThanMs, youngerThanMs],
  )
  return rows.map((row) => row.razorpay_order_id)
}

/** Cash-on-delivery checkouts still awaiting their order between these ages: placing one never takes this long. */
export async function unplacedCodCheckouts(client: Queryable, olderThanMs: number, youngerThanMs: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `select id from bff.checkouts
      where mode = 'cod' and status = 'awaiting_payment'
        and created_at < now() - $1 * interval '1 millisecond' and created_at > now() - $2 * interval '1 millisecond'
      order by created_at limit 500`,
    [olderThanMs, youngerThanMs],
  )
  return rows.map((row) => row.id)
}
