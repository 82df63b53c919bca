import { z } from "zod"

/**
 * The parts of Razorpay's entities the BFF reads, in Razorpay's own (snake_case) shape: the API's
 * answers and the webhooks' payloads carry the same entities. Other fields pass through untyped.
 */

/** Razorpay answers `[]` for an entity without notes, an object otherwise. */
const notes = z
  .union([z.record(z.string(), z.union([z.string(), z.number(), z.null()])), z.array(z.never())])
  .transform((value) => (Array.isArray(value) ? {} : value))

export const razorpayOrder = z.looseObject({
  id: z.string().startsWith("order_"),
  entity: z.literal("order"),
  amount: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable(),
  status: z.enum(["created", "attempted", "paid"]),
  attempts: z.number().int(),
  notes,
  created_at: z.number().int(),
})

export const razorpayPayment = z.looseObject({
  id: z.string().startsWith("pay_"),
  entity: z.literal("payment"),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
  order_id: z.string().nullable(),
  method: z.string(),
  amount_refunded: z.number().int(),
  refund_status: z.enum(["partial", "full"]).nullable(),
  captured: z.boolean(),
  email: z.string().nullable().optional(),
  contact: z.string().nullable().optional(),
  notes,
  error_code: z.string().nullable(),
  error_description: z.string().nullable(),
  created_at: z.number().int(),
})

export const razorpayRefund = z.looseObject({
  id: z.string().startsWith("rfnd_"),
  entity: z.literal("refund"),
  amount: z.number().int(),
  currency: z.string(),
  payment_id: z.string(),
  notes,
  receipt: z.string().nullable(),
  status: z.enum(["pending", "processed", "failed"]),
  speed_requested: z.string(),
  created_at: z.number().int(),
})

export const razorpayPaymentCollection = z.looseObject({
  entity: z.literal("collection"),
  count: z.number().int(),
  items: z.array(razorpayPayment),
})

/** A webhook's body: `payload` holds the entities the event is about, each under `{ entity }`. */
export const razorpayWebhookEvent = z.looseObject({
  entity: z.literal("event"),
  account_id: z.string(),
  event: z.string(),
  contains: z.array(z.string()),
  payload: z.looseObject({
    payment: z.object({ entity: razorpayPayment }).optional(),
    order: z.object({ entity: razorpayOrder }).optional(),
    refund: z.object({ entity: razorpayRefund }).optional(),
  }),
  created_at: z.number().int(),
})

export type RazorpayOrder = z.output<typeof razorpayOrder>
export type RazorpayPayment = z.output<typeof razorpayPayment>
export type RazorpayRefund = z.output<typeof razorpayRefund>
export type RazorpayWebhookEvent = z.output<typeof razorpayWebhookEvent>
/** What the three values Checkout hands to the page's `handler` are called. */
export type RazorpayCheckoutResult = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
