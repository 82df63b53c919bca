import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ActiveOrderChange } from "../../../lib/order-changes"
import { returnReceiptPlan, type ReturnRow } from "../../../lib/order-returns"

export const planReturnReceiptStepId = "plan-return-receipt"

/** What receiving the return still takes, refusing (409) one cancelled, unrequested or being changed. It only decides. */
export const planReturnReceiptStep = createStep(
  planReturnReceiptStepId,
  async ({ found, change }: { found: ReturnRow; change: ActiveOrderChange | null }) => new StepResponse(returnReceiptPlan(found, change)),
)
