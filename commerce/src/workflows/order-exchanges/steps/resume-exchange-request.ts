import { cancelBeginOrderExchangeWorkflow } from "@medusajs/medusa/core-flows"
import { resumeHalfMadeStep } from "../../order-changes/steps/resume-half-made"

export const resumeExchangeRequestStepId = "resume-exchange-request"

/**
 * Takes over an exchange an earlier call began and stopped half-way. Should this run fail too, the compensation
 * drops the exchange and its return, so nothing half-made holds the order's one active change.
 */
export const resumeExchangeRequestStep = resumeHalfMadeStep(
  resumeExchangeRequestStepId,
  (input: { exchange_id: string }) => input.exchange_id,
  (container, id) => cancelBeginOrderExchangeWorkflow(container).run({ input: { exchange_id: id } }),
)
