import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { activeOrderChange, OrderChangeRefused } from "../../../lib/order-changes"

export const readActiveOrderChangeStepId = "read-active-order-change"

export type ReadActiveOrderChangeInput = {
  order_id: string
  of: { return_id: string } | { exchange_id: string }
  /** The conflict to refuse with when there is none; without it, none is an answer. */
  missing?: string
}

/** The order change still open for one return or exchange. It only reads. */
export const readActiveOrderChangeStep = createStep(readActiveOrderChangeStepId, async (input: ReadActiveOrderChangeInput, { container }) => {
  const change = await activeOrderChange(container, input.order_id, input.of)
  if (!change && input.missing) throw new OrderChangeRefused("conflict", input.missing)
  return new StepResponse(change ?? null)
})
