import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelReturnRequestWorkflow } from "@medusajs/medusa/core-flows"

export const resumeReturnRequestStepId = "resume-return-request"

/**
 * Takes over the open request of a return an earlier call began and stopped half-way. Should this run fail too,
 * the compensation drops the request, so no half-made return holds the order's one active change.
 */
export const resumeReturnRequestStep = createStep(
  resumeReturnRequestStepId,
  async ({ return_id }: { return_id: string }) => new StepResponse(return_id, return_id),
  async (returnId, { container }) => {
    if (!returnId) return
    // Best effort: a compensation that throws would stop the ones before it, the order's lock among them.
    await cancelReturnRequestWorkflow(container)
      .run({ input: { return_id: returnId } })
      .catch(() => undefined)
  },
)
