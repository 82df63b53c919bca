import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelBeginOrderExchangeWorkflow } from "@medusajs/medusa/core-flows"

export const resumeExchangeRequestStepId = "resume-exchange-request"

/**
 * Takes over an exchange an earlier call began and stopped half-way. Should this run fail too, the compensation
 * drops the exchange and its return, so nothing half-made holds the order's one active change.
 */
export const resumeExchangeRequestStep = createStep(
  resumeExchangeRequestStepId,
  async ({ exchange_id }: { exchange_id: string }) => new StepResponse(exchange_id, exchange_id),
  async (exchangeId, { container }) => {
    if (!exchangeId) return
    // Best effort: a compensation that throws would stop the ones before it, the order's lock among them.
    await cancelBeginOrderExchangeWorkflow(container)
      .run({ input: { exchange_id: exchangeId } })
      .catch(() => undefined)
  },
)
