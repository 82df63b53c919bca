import { randomUUID } from "node:crypto"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { toPaise } from "../../lib/paise"
import { RecordedPaymentProvider } from "../../lib/recorded-payment-provider"

/**
 * Cash on delivery: authorized when the order is placed (the cash is still to be collected) and
 * captured when the BFF records the courier's cash at delivery.
 */
export default class CodPaymentProviderService extends RecordedPaymentProvider {
  static identifier = "cod"

  /** Set when the BFF records the courier's cash at delivery. */
  protected readonly capturedKey = "collected_at"

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

  protected openStatus(): PaymentSessionStatus {
    return PaymentSessionStatus.AUTHORIZED
  }
}
