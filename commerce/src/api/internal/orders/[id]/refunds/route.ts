import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerOrderChange } from "../../../../../lib/order-changes"
import { recordRefund } from "../../../../../lib/order-refunds"
import type { InternalRefundRecordType } from "../../validators"

/**
 * Money the BFF already gave back on the order (a Razorpay refund, or Dark Coins), recorded so Medusa owes nothing
 * more: `{ kind, id, amount, skipped? }`. Idempotent by `bff_refund_id`; a return not yet received is a 409 the BFF retries.
 */
export const POST = async (req: MedusaRequest<InternalRefundRecordType>, res: MedusaResponse) => {
  await answerOrderChange(res, () => recordRefund(req.scope, req.params.id, req.validatedBody))
}
