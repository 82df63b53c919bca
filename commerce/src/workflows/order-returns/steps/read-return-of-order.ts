import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { returnOfOrder } from "../../../lib/order-returns"

export const readReturnOfOrderStepId = "read-return-of-order"

/** One return of the order with its items (404 if it is another order's). It only reads. */
export const readReturnOfOrderStep = createStep(
  readReturnOfOrderStepId,
  async ({ order_id, return_id }: { order_id: string; return_id: string }, { container }) => {
    return new StepResponse(await returnOfOrder(container, order_id, return_id))
  },
)
