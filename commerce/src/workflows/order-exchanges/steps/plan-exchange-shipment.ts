import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ActiveOrderChange } from "../../../lib/order-changes"
import { assertExchangeShippable, exchangeFulfillments, type ExchangeRow } from "../../../lib/order-exchanges"

export const planExchangeShipmentStepId = "plan-exchange-shipment"

export type PlanExchangeShipmentInput = { order_id: string; exchange: ExchangeRow; change: ActiveOrderChange | null }

/**
 * The fulfilment an earlier call made of the exchange's new sizes, if any, refusing (409) an exchange cancelled
 * or not confirmed yet. It only reads.
 */
export const planExchangeShipmentStep = createStep(
  planExchangeShipmentStepId,
  async ({ order_id, exchange, change }: PlanExchangeShipmentInput, { container }) => {
    assertExchangeShippable(exchange, change)
    const [fulfillment] = await exchangeFulfillments(container, order_id, exchange.id)
    return new StepResponse(fulfillment ? { id: fulfillment.id, shipped: Boolean(fulfillment.shipped_at) } : null)
  },
)
