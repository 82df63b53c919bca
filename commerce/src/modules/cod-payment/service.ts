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
import { AbstractPaymentProvider, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { toPaise } from "../../lib/paise"
import { withRefundRecorded } from "../../lib/payment-refunds"

/**
 * Cash on delivery: authorized when the order is placed (the cash is still to be collected) and
 * captured when the BFF records the courier's cash at delivery.
 */
export default class CodPaymentProviderService extends AbstractPaymentProvider {
  static identifier = "cod"

  // Public, because ModuleProvider registers a class it can construct; the base constructor is protected.
  constructor(cradle: Record<string, unknown>, options: Record<string, unknown> = {}) {
    super(cradle, options)
  }

  async initiatePayment({ data, amount }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    return {
      id: String(data?.session_id ?? randomUUID()),
      status: PaymentSessionStatus.AUTHORIZED,
      data: { ...data, collect_amount_paise: toPaise(amount) },
    }
  }

  async updatePayment({ data, amount }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return { data: { ...data, collect_amount_paise: toPaise(amount) } }
  }

  async authorizePayment({ data }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    return { status: PaymentSessionStatus.AUTHORIZED, data: { ...data } }
  }

  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: { ...data, collected_at: data?.collected_at ?? new Date().toISOString() } }
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
    if (data?.collected_at) return { status: PaymentSessionStatus.CAPTURED, data }
    return { status: PaymentSessionStatus.AUTHORIZED, data }
  }

  async getWebhookActionAndData(): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}
