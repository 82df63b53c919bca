import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { returnCancellationSkipped, type ReturnRow } from "../../../lib/order-returns"

export const planReturnCancellationStepId = "plan-return-cancellation"

/** Whether the return is already cancelled, refusing (409) one with units received. It only decides. */
export const planReturnCancellationStep = createStep(
  planReturnCancellationStepId,
  async (found: ReturnRow) => new StepResponse(returnCancellationSkipped(found)),
)
