import { randomInt } from "node:crypto"
import { transaction, type Db } from "../../../bff/src/lib/db.js"
import { sha256 } from "../../../bff/src/lib/tokens.js"
import { badRequest, conflict, invalidInput, unknownId } from "./errors.js"

export type Notes = Record<string, string | number>

export type OrderRow = {
  id: string
  amount: number
  currency: string
  receipt: string | null
  notes: Notes
  status: "created" | "attempted" | "paid"
  amount_paid: number
  attempts: number
  created_at: number
}

export type PaymentRow = {
  id: string
  order_id: string
  amount: number
  currency: string
  status: "captured" | "refunded" | "failed"
  method: string
  email: string
  contact: string
  amount_refunded: number
  error_code: string | null
  error_description: string | null
  created_at: number
}

export type RefundRow = {
  id: string
  payment_id: string
  amount: number
  currency: string
  notes: Notes
  receipt: string | null
  speed_requested: string
  created_at: number
}

export type NewOrder = { amount: number; currency: string; receipt: string | null; notes: Notes }
export type PaymentAttempt = { outcome: "captured" | "failed"; method: string; email: string; contact: string }
export type NewRefund = { amount?: number | undefined; speed: string; notes: Notes; receipt: string | null; idempotencyKey?: string | undefined }

// The emulator's own tables, apart from the BFF's migrations: it is a stand-in for Razorpay's database.
const SCHEMA_SQL = `
create schema if not exists emulator;
create table if not exists emulator.razorpay_orders (
  id text primary key,
  amount integer not null,
  currency text not null,
  receipt text,
  notes jsonb not null default '{}',
  status text not null default 'created',
  amount_paid integer not null default 0,
  attempts integer not null default 0,
  created_at bigint not null
);
create table if not exists emulator.razorpay_payments (
  id text primary key,
  order_id text not null references emulator.razorpay_orders (id),
  amount integer not null,
  currency text not null,
  status text not null,
  method text not null,
  email text not null,
  contact text not null,
  amount_refunded integer not null default 0,
  error_code text,
  error_description text,
  created_at bigint not null
);
create index if not exists razorpay_payments_order on emulator.razorpay_payments (order_id, created_at);
create table if not exists emulator.razorpay_refunds (
  id text primary key,
  payment_id text not null references emulator.razorpay_payments (id),
  amount integer not null,
  currency text not null,
  notes jsonb not null default '{}',
  receipt text,
  speed_requested text not null,
  idempotency_key text unique,
  request_fingerprint text,
  created_at bigint not null
);
`
// Any constant works; it only has to be the same for every process that starts the emulator.
const SCHEMA_LOCK_ID = 726_410_201
const REFUND_COLUMNS = "id, payment_id, amount, currency, notes, receipt, speed_requested, created_at"
const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** An id like Razorpay's: the entity's prefix and 14 base62 characters (`order_DaZlswtdcn9UNV`). */
export function razorpayId(prefix: "order" | "pay" | "rfnd"): string {
  let suffix = ""
  for (let i = 0; i < 14; i++) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)]
  return `${prefix}_${suffix}`
}

const now = () => Math.floor(Date.now() / 1000)

/** The same refund request gives the same fingerprint, whatever the order of its notes. */
function refundFingerprint(paymentId: string, refund: NewRefund): string {
  const notes = Object.entries(refund.notes).sort(([a], [b]) => a.localeCompare(b))
  return sha256(JSON.stringify([paymentId, refund.amount ?? null, refund.speed, refund.receipt, notes]))
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505"

export type RazorpayStore = ReturnType<typeof razorpayStore>

/** The emulated Razorpay account in PostgreSQL, so every BFF process (and a restarted one) sees the same orders. */
export function razorpayStore(db: Db) {
  let ready: Promise<void> | undefined

  async function createSchema() {
    const client = await db.connect()
    try {
      await client.query("select pg_advisory_lock($1)", [SCHEMA_LOCK_ID])
      await client.query(SCHEMA_SQL)
    } finally {
      await client.query("select pg_advisory_unlock($1)", [SCHEMA_LOCK_ID]).catch(() => undefined)
      client.release()
    }
  }

  return {
    /** Creates the tables once per process; a failure is retried by the next call. */
    ensureSchema(): Promise<void> {
      ready ??= createSchema().catch((error: unknown) => {
        ready = undefined
        throw error
      })
      return ready
    },

    async createOrder(order: NewOrder): Promise<OrderRow> {
      const { rows } = await db.query<OrderRow>(
        `insert into emulator.razorpay_orders (id, amount, currency, receipt, notes, created_at)
         values ($1, $2, $3, $4, $5, $6) returning *`,
        [razorpayId("order"), order.amount, order.currency, order.receipt, JSON.stringify(order.notes), now()],
      )
      return normalise(rows[0]!)
    },

    async findOrder(id: string): Promise<OrderRow | undefined> {
      const { rows } = await db.query<OrderRow>("select * from emulator.razorpay_orders where id = $1", [id])
      return rows[0] && normalise(rows[0])
    },

    async paymentsOfOrder(orderId: string): Promise<PaymentRow[]> {
      const { rows } = await db.query<PaymentRow>("select * from emulator.razorpay_payments where order_id = $1 order by created_at desc, id", [orderId])
      return rows.map(normalise)
    },

    async findPayment(id: string): Promise<PaymentRow | undefined> {
      const { rows } = await db.query<PaymentRow>("select * from emulator.razorpay_payments where id = $1", [id])
      return rows[0] && normalise(rows[0])
    },

    /** A payment attempt on an order: captured (the order becomes paid) or failed (attempted). A paid order takes no more. */
    recordPayment(orderId: string, attempt: PaymentAttempt): Promise<{ order: OrderRow; payment: PaymentRow }> {
      return transaction(db, async (client) => {
        const { rows: orders } = await client.query<OrderRow>("select * from emulator.razorpay_orders where id = $1 for update", [orderId])
        const order = orders[0]
        if (!order) throw unknownId()
        if (order.status === "paid") throw badRequest("Order has already been paid.")
        const captured = attempt.outcome === "captured"
        const { rows: payments } = await client.query<PaymentRow>(
          `insert into emulator.razorpay_payments
             (id, order_id, amount, currency, status, method, email, contact, error_code, error_description, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
          [
            razorpayId("pay"),
            order.id,
            order.amount,
            order.currency,
            attempt.outcome,
            attempt.method,
            attempt.email,
            attempt.contact,
            captured ? null : "BAD_REQUEST_ERROR",
            captured ? null : "Payment failed",
            now(),
          ],
        )
        const { rows: updated } = await client.query<OrderRow>(
          `update emulator.razorpay_orders
              set attempts = attempts + 1,
                  status = case when $2 then 'paid' else 'attempted' end,
                  amount_paid = case when $2 then amount else amount_paid end
            where id = $1 returning *`,
          [order.id, captured],
        )
        return { order: normalise(updated[0]!), payment: normalise(payments[0]!) }
      })
    },

    /**
     * Refunds a captured payment, never beyond what was captured. With an idempotency key the same
     * request answers the refund it made the first time; a different request with that key is refused.
     */
    refund(paymentId: string, refund: NewRefund): Promise<RefundRow> {
      const fingerprint = refundFingerprint(paymentId, refund)
      return transaction(db, async (client) => {
        const { rows: payments } = await client.query<PaymentRow>("select * from emulator.razorpay_payments where id = $1 for update", [paymentId])
        const payment = payments[0] && normalise(payments[0])
        if (!payment) throw unknownId()
        if (refund.idempotencyKey) {
          const { rows } = await client.query<RefundRow & { request_fingerprint: string }>(
            `select ${REFUND_COLUMNS}, request_fingerprint from emulator.razorpay_refunds where idempotency_key = $1`,
            [refund.idempotencyKey],
          )
          if (rows[0]) {
            if (rows[0].request_fingerprint !== fingerprint) throw badRequest("Different request with the same idempotency key has already been processed.")
            const { request_fingerprint: _fingerprint, ...earlier } = normalise(rows[0])
            return earlier
          }
        }
        if (payment.status === "failed") throw badRequest("The payment has not been captured, so it can't be refunded.")
        const refundable = payment.amount - payment.amount_refunded
        if (refundable <= 0) throw badRequest("The payment has been fully refunded already")
        const amount = refund.amount ?? refundable
        if (amount > refundable) throw invalidInput("The total refund amount is greater than the refund payment amount", "amount")
        try {
          const { rows } = await client.query<RefundRow>(
            `insert into emulator.razorpay_refunds
               (id, payment_id, amount, currency, notes, receipt, speed_requested, idempotency_key, request_fingerprint, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             returning ${REFUND_COLUMNS}`,
            [
              razorpayId("rfnd"),
              payment.id,
              amount,
              payment.currency,
              JSON.stringify(refund.notes),
              refund.receipt,
              refund.speed,
              refund.idempotencyKey ?? null,
              fingerprint,
              now(),
            ],
          )
          await client.query(
            `update emulator.razorpay_payments
                set amount_refunded = amount_refunded + $2,
                    status = case when amount_refunded + $2 >= amount then 'refunded' else status end
              where id = $1`,
            [payment.id, amount],
          )
          return normalise(rows[0]!)
        } catch (error) {
          // The same key used at the same moment for another payment: Razorpay answers 409 to retry later.
          if (isUniqueViolation(error)) throw conflict("A request with this idempotency key is being processed. Please retry.")
          throw error
        }
      })
    },
  }
}

/** pg returns bigint columns as strings: the emulator's unix times are numbers. */
function normalise<Row extends { created_at: number }>(row: Row): Row {
  return { ...row, created_at: Number(row.created_at) }
}
