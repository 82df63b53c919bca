import { randomUUID } from "node:crypto"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { toPaise } from "../../lib/paise"
import { withRefundRecorded } from "../../lib/payment-refunds"

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
 * Razorpay keys and never calls Razorpay: the BFF owns orders, refunds and webhooks there.
 */
export default class RazorpayPaymentProviderService extends AbstractPaymentProvider {
  static identifier = "razorpay"

  // Public, because ModuleProvider registers a class it can construct; the base constructor is protected.
  constructor(cradle: Record<string, unknown>, options: Record<string, unknown> = {}) {
    super(cradle, options)
  }

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

  /** Razorpay captured the payment before the BFF completed the cart; this only records it. */
  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: { ...data, captured_at: data?.captured_at ?? new Date().toISOString() } }
  }

  /** The BFF refunds at Razorpay itself; Medusa records what was refunded. */
  async refundPayment({ data, amount, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    return { data: withRefundRecorded(data, amount, context?.idempotency_key) }
  }

  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data: { ...data, canceled_at: data?.canceled_at ?? new Date().toISOString() } }
  }

  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data }
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return { data }
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    if (data?.canceled_at) return { status: PaymentSessionStatus.CANCELED, data }
    if (data?.captured_at) return { status: PaymentSessionStatus.CAPTURED, data }
    if (!isNonEmptyString(data?.razorpay_payment_id)) return { status: PaymentSessionStatus.PENDING, data }
    const status = razorpayAuthorizationError(data) ? PaymentSessionStatus.ERROR : PaymentSessionStatus.AUTHORIZED
    return { status, data }
  }

  /** Razorpay's webhooks go to the BFF, which settles the order itself. */
  async getWebhookActionAndData(): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}
