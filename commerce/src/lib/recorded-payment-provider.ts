import type {
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  PaymentSessionStatus as SessionStatus,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { withRefundRecorded } from "./payment-refunds"

type SessionData = Record<string, unknown> | undefined

/**
 * A payment provider that only records in Medusa what the BFF did with the money (Razorpay, cash on
 * delivery): capture, refund and cancel are notes in the payment's data, never calls elsewhere, and
 * webhooks go to the BFF.
 */
export abstract class RecordedPaymentProvider extends AbstractPaymentProvider {
  /** The data key the capture time is recorded under. */
  protected abstract readonly capturedKey: string

  /** The status of a payment neither cancelled nor captured. */
  protected abstract openStatus(data: SessionData): SessionStatus

  // Public, because ModuleProvider registers a class it can construct; the base constructor is protected.
  constructor(cradle: Record<string, unknown>, options: Record<string, unknown> = {}) {
    super(cradle, options)
  }

  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: { ...data, [this.capturedKey]: data?.[this.capturedKey] ?? new Date().toISOString() } }
  }

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
    if (data?.[this.capturedKey]) return { status: PaymentSessionStatus.CAPTURED, data }
    return { status: this.openStatus(data), data }
  }

  async getWebhookActionAndData(): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}
