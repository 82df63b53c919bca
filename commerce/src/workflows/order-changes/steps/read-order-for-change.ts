import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { assertLinesOfOrder, orderForChange } from "../../../lib/order-changes"

export const readOrderForChangeStepId = "read-order-for-change"

/** The order a return or exchange is asked for (404 if unknown), refusing lines not its own (400). It only reads. */
export const readOrderForChangeStep = createStep(
  readOrderForChangeStepId,
  async ({ order_id, line_ids }: { order_id: string; line_ids: string[] }, { container }) => {
    const order = await orderForChange(container, order_id)
    assertLinesOfOrder(order, line_ids)
    return new StepResponse(order)
  },
)
