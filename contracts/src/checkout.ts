import { z } from "zod"
import { addressBody, type AddressBody } from "./address.js"
import { buyerGstinProblem, typedGstin } from "./buyer-gstin.js"
import { placedOrderAnswerSchema } from "./orders.js"

/** The spec's payment and checkout calls (section 7): what the shop sends and what it is answered. */

export const SELECT_ADDRESS = "Please select a shipping address first."
export const FILL_ADDRESS = "Please fill all required address fields."
export const VERIFICATION_FAILED = "Payment verification failed."

/** The buyer's GSTIN for a business purchase (printed on the invoice): optional, without spaces in upper case, its check character checked. */
export const buyerGstin = z
  .string()
  .transform(typedGstin)
  .superRefine((value, ctx) => {
    const problem = buyerGstinProblem(value)
    if (problem) ctx.addIssue({ code: "custom", message: problem })
  })
  .transform((value) => value || null)

const RAZORPAY_ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/
const RAZORPAY_PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/
const SIGNATURE = /^[0-9a-f]{64}$/

const savedAddress = z.object({ id: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, SELECT_ADDRESS) }, { error: SELECT_ADDRESS })

const newAddress = z
  .object({ email: z.email("Enter a valid e-mail address").nullish().or(z.literal("")), save: z.boolean().optional() }, { error: SELECT_ADDRESS })
  .passthrough()
  .transform(({ email, save, ...address }, ctx) => {
    const parsed = addressBody.safeParse(address)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")
      ctx.addIssue({ code: "custom", message: `${FILL_ADDRESS} (${problems})` })
      return z.NEVER
    }
    return { ...parsed.data, email: email || null, save: save ?? false }
  })

type SavedAddressChoice = z.output<typeof savedAddress>
type NewAddressChoice = z.output<typeof newAddress>

/** A new address as checkout sends it, with an optional e-mail and whether to keep it in the account too. */
export type NewShippingAddressBody = AddressBody & { email?: string | null; save?: boolean }

/** Either a saved address (`{ id }`) or a new one, with an optional e-mail and a flag to save it to the account. */
const shippingAddressSnapshot = z
  .custom<{ id: string } | NewShippingAddressBody>((value) => typeof value === "object" && value !== null && !Array.isArray(value), SELECT_ADDRESS)
  .transform((value, ctx): SavedAddressChoice | NewAddressChoice => {
    const parsed = "id" in value ? savedAddress.safeParse(value) : newAddress.safeParse(value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message })
    return z.NEVER
  })

/**
 * The spec's checkout payload, the same for create-order and checkout. Only the shopper's choices are
 * read (address, method, whether coins are applied, the live test); the figures in `darkCoins.coins`
 * and `charges.codFeePaise` are accepted for shape and ignored: the server computes its own.
 */
export const checkoutPayload = z.object({
  shippingAddressSnapshot: shippingAddressSnapshot,
  payment: z
    .object({
      gateway: z.enum(["razorpay", "cod"]),
      mode: z.enum(["prepaid", "cod"]),
      razorpay_payment_id: z.string().regex(RAZORPAY_PAYMENT_ID).optional(),
      razorpay_order_id: z.string().regex(RAZORPAY_ORDER_ID).optional(),
      razorpay_signature: z.string().regex(SIGNATURE).optional(),
    })
    .refine((payment) => (payment.gateway === "cod") === (payment.mode === "cod"), "payment: cash on delivery is gateway cod with mode cod"),
  darkCoins: z.object({ applied: z.boolean(), coins: z.number().int().min(0).optional() }).default({ applied: false }),
  charges: z.object({ codFeePaise: z.number().int().min(0).optional() }).optional(),
  liveTest: z.boolean().optional(),
  buyerGstin: buyerGstin.nullish(),
})
/** The body of POST /api/payments/create-order and POST /api/checkout. */
export type CheckoutPayloadBody = z.input<typeof checkoutPayload>

/** What Razorpay Checkout hands the page after a payment; a malformed value fails verification like a bad signature. */
export const verifyPayload = z.object(
  {
    razorpay_payment_id: z.string({ error: VERIFICATION_FAILED }).regex(RAZORPAY_PAYMENT_ID, VERIFICATION_FAILED),
    razorpay_order_id: z.string({ error: VERIFICATION_FAILED }).regex(RAZORPAY_ORDER_ID, VERIFICATION_FAILED),
    razorpay_signature: z.string({ error: VERIFICATION_FAILED }).regex(SIGNATURE, VERIFICATION_FAILED),
  },
  { error: VERIFICATION_FAILED },
)
/** The body of POST /api/payments/verify. */
export type VerifyPayloadBody = z.input<typeof verifyPayload>

/** The shopper closed Razorpay's window: the order they were paying. */
export const cancelPaymentPayload = z.object({ razorpay_order_id: z.string().regex(RAZORPAY_ORDER_ID, "is not a Razorpay order id") })
export type CancelPaymentBody = z.input<typeof cancelPaymentPayload>

/** GET /api/payments/config: what checkout needs to take a payment; liveTestAvailable is true only for admins when the server allows it. */
export const paymentsConfigSchema = z.strictObject({
  key: z.string(),
  checkoutScriptUrl: z.string(),
  liveTestAvailable: z.boolean(),
  codFeePaise: z.number().int(),
})
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>

/** POST /api/payments/create-order: the gateway order the BFF opened for this bag; amount in paise (100 for a live test). */
export const paymentOrderSchema = z.strictObject({
  key: z.string(),
  orderId: z.string(),
  amount: z.number().int(),
  currency: z.literal("INR"),
  customer: z.strictObject({ name: z.string(), email: z.string(), contact: z.string() }),
  receipt: z.string(),
  internalOrderId: z.string(),
  liveTest: z.boolean(),
})
export type PaymentOrder = z.infer<typeof paymentOrderSchema>

/** POST /api/payments/verify: 200 when the order is placed; 202 when the payment is good but the order is still being placed. */
export const verifyPaymentAnswerSchema = z.union([
  placedOrderAnswerSchema,
  z.strictObject({ ok: z.literal(false), pending: z.literal(true), message: z.string() }),
])
export type VerifyPaymentAnswer = z.infer<typeof verifyPaymentAnswerSchema>

/** POST /api/payments/cancel: whether the units held for that payment went back. */
export const cancelPaymentAnswerSchema = z.strictObject({ ok: z.literal(true), released: z.boolean() })
export type CancelPaymentAnswer = z.infer<typeof cancelPaymentAnswerSchema>
