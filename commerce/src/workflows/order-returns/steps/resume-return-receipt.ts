import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelReturnReceiveWorkflow } from "@medusajs/medusa/core-flows"

export const resumeReturnReceiptStepId = "resume-return-receipt"

/**
 * Takes over the open receipt of a return an earlier call began and stopped half-way. Should this run fail too,
 * the compensation drops the receipt, so a retry starts it again.
 */
export const resumeReturnReceiptStep = createStep(
  resumeReturnReceiptStepId,
  async ({ return_id }: { return_id: string }) => new StepResponse(return_id, return_id),
  async (returnId, { container }) => {
    if (!returnId) return
    // Best effort: a compensation that throws would stop the ones before it, the order's lock among them.
    await cancelReturnReceiveWorkflow(container)
      .run({ input: { return_id: returnId } })
      .catch(() => undefined)
  },
)
