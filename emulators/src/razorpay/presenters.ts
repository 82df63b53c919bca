import type { z } from "zod"
import type { razorpayOrder, razorpayPayment, razorpayRefund } from "../../../bff/src/lib/razorpay-entities.js"
import type { Notes, OrderRow, PaymentRow, RefundRow } from "./store.js"

// Razorpay's JSON, field for field as its API answers (and its webhooks carry) them.

/** Razorpay answers `[]` rather than `{}` for an entity without notes. */
const presentNotes = (notes: Notes) => (Object.keys(notes).length ? notes : [])

/** Razorpay's fee is 2% plus 18% GST on it, and `fee` includes the tax. */
function feeOf(amount: number) {
  const base = Math.round(amount * 0.02)
  const tax = Math.round(base * 0.18)
  return { fee: base + tax, tax }
}

export function presentOrder(order: OrderRow): z.input<typeof razorpayOrder> {
  return {
    id: order.id,
    entity: "order",
    amount: order.amount,
    amount_paid: order.amount_paid,
    amount_due: order.amount - order.amount_paid,
    currency: order.currency,
    receipt: order.receipt,
    offer_id: null,
    status: order.status,
    attempts: order.attempts,
    notes: presentNotes(order.notes),
    created_at: order.created_at,
  }
}

export function presentPayment(payment: PaymentRow): z.input<typeof razorpayPayment> {
  const captured = payment.status !== "failed"
  const { fee, tax } = captured ? feeOf(payment.amount) : { fee: null, tax: null }
  return {
    id: payment.id,
    entity: "payment",
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    order_id: payment.order_id,
    invoice_id: null,
    international: false,
    method: payment.method,
    amount_refunded: payment.amount_refunded,
    refund_status: payment.amount_refunded === 0 ? null : payment.amount_refunded >= payment.amount ? "full" : "partial",
    captured,
    description: null,
    card_id: null,
    bank: payment.method === "netbanking" ? "HDFC" : null,
    wallet: null,
    vpa: payment.method === "upi" ? "success@razorpay" : null,
    email: payment.email,
    contact: payment.contact,
    notes: [],
    fee,
    tax,
    error_code: payment.error_code,
    error_description: payment.error_description,
    error_source: captured ? null : "customer",
    error_step: captured ? null : "payment_authentication",
    error_reason: captured ? null : "payment_failed",
    acquirer_data: {},
    created_at: payment.created_at,
  }
}

export function presentRefund(refund: RefundRow): z.input<typeof razorpayRefund> {
  return {
    id: refund.id,
    entity: "refund",
    amount: refund.amount,
    currency: refund.currency,
    payment_id: refund.payment_id,
    notes: presentNotes(refund.notes),
    receipt: refund.receipt,
    acquirer_data: { arn: null },
    created_at: refund.created_at,
    batch_id: null,
    status: "processed",
    speed_processed: "normal",
    speed_requested: refund.speed_requested,
  }
}
