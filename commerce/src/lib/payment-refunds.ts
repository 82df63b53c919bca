import type { BigNumberInput } from "@medusajs/framework/types"
import { toPaise } from "./paise"

export type RecordedRefund = { amount_paise: number; refunded_at: string; idempotency_key?: string }

/**
 * The payment's data with one more refund recorded. Medusa passes the refund's id as the idempotency
 * key, so a retried refund is recorded once.
 */
export function withRefundRecorded(
  data: Record<string, unknown> | undefined,
  amount: BigNumberInput,
  idempotencyKey: string | undefined,
): Record<string, unknown> {
  const refunds = Array.isArray(data?.refunds) ? (data.refunds as RecordedRefund[]) : []
  if (idempotencyKey && refunds.some((refund) => refund.idempotency_key === idempotencyKey)) return { ...data }
  const refund: RecordedRefund = { amount_paise: toPaise(amount), refunded_at: new Date().toISOString() }
  if (idempotencyKey) refund.idempotency_key = idempotencyKey
  return { ...data, refunds: [...refunds, refund] }
}
