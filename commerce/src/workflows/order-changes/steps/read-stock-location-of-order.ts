import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { stockLocationOfOrder, type OrderForChange } from "../../../lib/order-changes"

export const readStockLocationOfOrderStepId = "read-stock-location-of-order"

/** The warehouse the order ships from, where its units come back to. It only reads. */
export const readStockLocationOfOrderStep = createStep(readStockLocationOfOrderStepId, async (order: OrderForChange, { container }) => {
  return new StepResponse(await stockLocationOfOrder(container, order))
})
