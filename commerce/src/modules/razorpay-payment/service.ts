import { randomUUID } from "node:crypto"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { toPaise } from "../../lib/paise"
import { RecordedPaymentProvider } from "../../lib/recorded-payment-provider"

/** What the BFF verified with Razorpay (signature and API) before it completes the cart. */
export type VerifiedRazorpayPayment = {
  razorpay_order_id: string
  razorpay_payment_id: string
  amount_paise: number
  verified_at: string
}

type SessionData = Record<string, unknown>

function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== ""
}

/** Why this session must not be authorized, or undefined when the verified payment covers Medusa's amount. */
export function razorpayAuthorizationError(data: SessionData | undefined): string | undefined {
  if (!isNonEmptyString(data?.razorpay_order_id)) return "The Razorpay payment has no razorpay_order_id."
  if (!isNonEmptyString(data?.razorpay_payment_id)) return "The Razorpay payment has no razorpay_payment_id."
  if (!Number.isInteger(data?.amount_paise)) return "The Razorpay payment has no amount_paise in whole paise."
  if (!Number.isInteger(data?.expected_amount_paise)) return "The payment session has no amount to compare with."
  if (data?.amount_paise !== data?.expected_amount_paise) {
    return `Razorpay payment ${data?.razorpay_payment_id} is for ${data?.amount_paise} paise, but the cart's payment is ${data?.expected_amount_paise} paise.`
  }
  return undefined
}

/**
 * Records in Medusa a Razorpay payment the BFF has already verified and captured. Medusa holds no
 * Razorpay keys and never calls Razorpay: the BFF owns orders, refunds (recorded here) and webhooks.
 */
export default class RazorpayPaymentProviderService extends RecordedPaymentProvider {
  static identifier = "razorpay"

  /** Razorpay captured the payment before the BFF completed the cart; capture only records it. */
  protected readonly capturedKey = "captured_at"

  /** `expected_amount_paise` is always Medusa's own session amount, whatever the caller put in data. */
  async initiatePayment({ data, amount, currency_code }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (currency_code.toLowerCase() !== "inr") {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Razorpay payments here are in INR, not ${currency_code}.`)
    }
    const id = isNonEmptyString(data?.razorpay_order_id) ? data.razorpay_order_id : String(data?.session_id ?? randomUUID())
    return { id, data: { ...data, expected_amount_paise: toPaise(amount) } }
  }

  async updatePayment({ data, amount }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return { data: { ...data, expected_amount_paise: toPaise(amount) } }
  }

  async authorizePayment({ data }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const error = razorpayAuthorizationError(data)
    if (error) return { status: PaymentSessionStatus.ERROR, data: { ...data, authorization_error: error } }
    return { status: PaymentSessionStatus.AUTHORIZED, data: { ...data } }
  }

  protected openStatus(data: SessionData | undefined): PaymentSessionStatus {
    if (!isNonEmptyString(data?.razorpay_payment_id)) return PaymentSessionStatus.PENDING
    return razorpayAuthorizationError(data) ? PaymentSessionStatus.ERROR : PaymentSessionStatus.AUTHORIZED
  }
}
