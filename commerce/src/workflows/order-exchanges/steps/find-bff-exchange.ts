import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { exchangeOfBffReturn } from "../../../lib/order-exchanges"

export const findBffExchangeStepId = "find-bff-exchange"

/** The exchange an earlier call made for this BFF return, if any (the key of a request's idempotency). It only reads. */
export const findBffExchangeStep = createStep(
  findBffExchangeStepId,
  async ({ order_id, bff_return_id }: { order_id: string; bff_return_id: string }, { container }) => {
    return new StepResponse((await exchangeOfBffReturn(container, order_id, bff_return_id)) ?? null)
  },
)
