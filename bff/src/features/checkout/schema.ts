import { z } from "zod"
import { addressBody } from "../addresses/schema.js"

export const SELECT_ADDRESS = "Please select a shipping address first."
export const FILL_ADDRESS = "Please fill all required address fields."
export const CART_EMPTY = "Your cart is empty."
export const SIZES_MISSING = "Please select size for all items in your cart before paying."
export const VERIFICATION_FAILED = "Payment verification failed."

/** 10000 paise (₹100) for cash on delivery; online payments have none. */
export const COD_FEE_PAISE = 10_000
/** The ₹1 live-test payment. */
export const LIVE_TEST_AMOUNT_PAISE = 100

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

/** Either a saved address (`{ id }`) or a new one, with an optional e-mail and a flag to save it to the account. */
const shippingAddressSnapshot = z
  .custom<Record<string, unknown>>((value) => typeof value === "object" && value !== null && !Array.isArray(value), SELECT_ADDRESS)
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
})

export type CheckoutPayload = z.output<typeof checkoutPayload>
export type ShippingChoice = CheckoutPayload["shippingAddressSnapshot"]

/** What Razorpay Checkout hands the page after a payment; a malformed value fails verification like a bad signature. */
export const verifyPayload = z.object(
  {
    razorpay_payment_id: z.string({ error: VERIFICATION_FAILED }).regex(RAZORPAY_PAYMENT_ID, VERIFICATION_FAILED),
    razorpay_order_id: z.string({ error: VERIFICATION_FAILED }).regex(RAZORPAY_ORDER_ID, VERIFICATION_FAILED),
    razorpay_signature: z.string({ error: VERIFICATION_FAILED }).regex(SIGNATURE, VERIFICATION_FAILED),
  },
  { error: VERIFICATION_FAILED },
)

export type VerifyPayload = z.output<typeof verifyPayload>

/** The shopper closed Razorpay's window: the order they were paying. */
export const cancelPaymentPayload = z.object({ razorpay_order_id: z.string().regex(RAZORPAY_ORDER_ID, "is not a Razorpay order id") })
