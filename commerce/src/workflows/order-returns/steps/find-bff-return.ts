import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { returnOfBffReturn } from "../../../lib/order-returns"

export const findBffReturnStepId = "find-bff-return"

/** The return an earlier call made for this BFF return, if any (the key of a request's idempotency). It only reads. */
export const findBffReturnStep = createStep(
  findBffReturnStepId,
  async ({ order_id, bff_return_id }: { order_id: string; bff_return_id: string }, { container }) => {
    return new StepResponse((await returnOfBffReturn(container, order_id, bff_return_id)) ?? null)
  },
)
