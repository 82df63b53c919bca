import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ActiveOrderChange } from "../../../lib/order-changes"
import { exchangeCancellationSkipped, exchangeFulfillments, type ExchangeRow } from "../../../lib/order-exchanges"

export const planExchangeCancellationStepId = "plan-exchange-cancellation"

export type PlanExchangeCancellationInput = { order_id: string; exchange: ExchangeRow; change: ActiveOrderChange | null }

/** Whether the exchange is already cancelled, refusing (409) one still being changed or already shipped. It only reads. */
export const planExchangeCancellationStep = createStep(
  planExchangeCancellationStepId,
  async ({ order_id, exchange, change }: PlanExchangeCancellationInput, { container }) => {
    const shipped = exchange.canceled_at ? [] : await exchangeFulfillments(container, order_id, exchange.id)
    return new StepResponse(exchangeCancellationSkipped(exchange, change, shipped))
  },
)
