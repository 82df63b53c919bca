import type { RazorpayCheckoutResult } from "../../../bff/src/lib/razorpay-entities.js"
import { paymentSignature } from "../../../bff/src/lib/razorpay.js"
import { presentOrder, presentPayment } from "./presenters.js"
import type { PaymentAttempt, RazorpayStore } from "./store.js"
import type { WebhookSender } from "./webhooks.js"

export type Payer = Partial<Omit<PaymentAttempt, "outcome">>

/** What Checkout hands to `payment.failed` handlers. */
export type PaymentFailure = {
  error: {
    code: string
    description: string
    source: string
    step: string
    reason: string
    metadata: { order_id: string; payment_id: string }
  }
}

type Options = { store: RazorpayStore; webhooks: WebhookSender; keySecret: string }

function attempt(outcome: PaymentAttempt["outcome"], payer: Payer): PaymentAttempt {
  return { outcome, method: payer.method ?? "upi", email: payer.email || "void@razorpay.com", contact: payer.contact || "+919000090000" }
}

/** What a shopper does in Razorpay's Checkout, without a browser: pay an order (captured at once) or fail a payment. */
export function paymentSimulator({ store, webhooks, keySecret }: Options) {
  return {
    /** Captures a payment for the whole order, tells the webhook, and answers what Checkout hands to `handler`. */
    async pay(orderId: string, payer: Payer = {}): Promise<RazorpayCheckoutResult> {
      const { order, payment } = await store.recordPayment(orderId, attempt("captured", payer))
      const paymentEntity = { entity: presentPayment(payment) }
      void webhooks.send("payment.captured", { payment: paymentEntity })
      void webhooks.send("order.paid", { payment: paymentEntity, order: { entity: presentOrder(order) } })
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: paymentSignature(order.id, payment.id, keySecret),
      }
    },

    /** Records a failed attempt (the order becomes `attempted`), tells the webhook, and answers what `payment.failed` handlers get. */
    async fail(orderId: string, payer: Payer = {}): Promise<PaymentFailure> {
      const { order, payment } = await store.recordPayment(orderId, attempt("failed", payer))
      void webhooks.send("payment.failed", { payment: { entity: presentPayment(payment) } })
      return {
        error: {
          code: "BAD_REQUEST_ERROR",
          description: "Payment failed",
          source: "customer",
          step: "payment_authentication",
          reason: "payment_failed",
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      }
    },
  }
}

export type PaymentSimulator = ReturnType<typeof paymentSimulator>
