import { cancelReturnReceiveWorkflow } from "@medusajs/medusa/core-flows"
import { resumeHalfMadeStep } from "../../order-changes/steps/resume-half-made"

export const resumeReturnReceiptStepId = "resume-return-receipt"

/**
 * Takes over the open receipt of a return an earlier call began and stopped half-way. Should this run fail too,
 * the compensation drops the receipt, so a retry starts it again.
 */
export const resumeReturnReceiptStep = resumeHalfMadeStep(
  resumeReturnReceiptStepId,
  (input: { return_id: string }) => input.return_id,
  (container, id) => cancelReturnReceiveWorkflow(container).run({ input: { return_id: id } }),
)
