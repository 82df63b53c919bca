import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { exchangeOfOrder } from "../../../lib/order-exchanges"

export const readExchangeOfOrderStepId = "read-exchange-of-order"

/** One exchange of the order with its new sizes (404 if it is another order's). It only reads. */
export const readExchangeOfOrderStep = createStep(
  readExchangeOfOrderStepId,
  async ({ order_id, exchange_id }: { order_id: string; exchange_id: string }, { container }) => {
    return new StepResponse(await exchangeOfOrder(container, order_id, exchange_id))
  },
)
