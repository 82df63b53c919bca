import { cancelReturnRequestWorkflow } from "@medusajs/medusa/core-flows"
import { resumeHalfMadeStep } from "../../order-changes/steps/resume-half-made"

export const resumeReturnRequestStepId = "resume-return-request"

/**
 * Takes over the open request of a return an earlier call began and stopped half-way. Should this run fail too,
 * the compensation drops the request, so no half-made return holds the order's one active change.
 */
export const resumeReturnRequestStep = resumeHalfMadeStep(
  resumeReturnRequestStepId,
  (input: { return_id: string }) => input.return_id,
  (container, id) => cancelReturnRequestWorkflow(container).run({ input: { return_id: id } }),
)
