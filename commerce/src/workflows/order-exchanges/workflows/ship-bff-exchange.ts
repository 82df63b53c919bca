import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, createOrderFulfillmentWorkflow, createOrderShipmentWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { ORDER_LOCK_TTL_SECONDS, ORDER_LOCK_WAIT_SECONDS, orderLockKey } from "../../../lib/order-changes"
import type { ExchangeShipment, ExchangeShipmentAnswer } from "../../../lib/order-exchanges"
import { readActiveOrderChangeStep } from "../../order-changes/steps/read-active-order-change"
import { planExchangeShipmentStep } from "../steps/plan-exchange-shipment"
import { readExchangeOfOrderStep } from "../steps/read-exchange-of-order"
import { readOrderShippingOptionStep } from "../steps/read-order-shipping-option"

export type ExchangeOfOrderInput = {
  order_id: string
  exchange_id: string
  /** Unique per call, so only this run can release the order's lock. */
  lock_owner: string
}

export const shipBffExchangeWorkflowId = "ship-bff-exchange"

/**
 * Ships an exchange's new sizes: one fulfilment of those lines only (its reservation becomes the shipment), with
 * the courier's label, marked shipped. The fulfilment carries `metadata.exchange_id`, so a repeated call finds it
 * and ships nothing twice, and the order's first parcel can be told apart from it.
 */
export const shipBffExchangeWorkflow = createWorkflow(
  shipBffExchangeWorkflowId,
  (input: WorkflowData<ExchangeOfOrderInput & { shipment: ExchangeShipment }>) => {
    const key = transform({ input }, ({ input }) => orderLockKey(input.order_id))
    acquireLockStep({ key, timeout: ORDER_LOCK_WAIT_SECONDS, ttl: ORDER_LOCK_TTL_SECONDS, ownerId: input.lock_owner })

    const exchange = readExchangeOfOrderStep({ order_id: input.order_id, exchange_id: input.exchange_id })
    const change = readActiveOrderChangeStep({ order_id: input.order_id, of: { exchange_id: input.exchange_id } })
    const earlier = planExchangeShipmentStep({ order_id: input.order_id, exchange, change })
    const labels = transform({ input }, ({ input }) => [
      { tracking_number: input.shipment.tracking_number, tracking_url: input.shipment.tracking_url, label_url: input.shipment.tracking_url },
    ])

    const created = when("exchange-fulfilment-to-create", { earlier }, ({ earlier }) => !earlier).then(() => {
      const optionId = readOrderShippingOptionStep(input.order_id)
      const fulfillmentInput = transform({ input, exchange, labels, optionId }, ({ input, exchange, labels, optionId }) => ({
        order_id: input.order_id,
        items: exchange.new_items,
        labels,
        no_notification: true,
        metadata: { exchange_id: input.exchange_id, courier_tracking: input.shipment.tracking_url },
        shipping_option_id: optionId,
      }))
      return createOrderFulfillmentWorkflow.runAsStep({ input: fulfillmentInput })
    })
    const fulfillmentId = transform({ earlier, created }, ({ earlier, created }) => earlier?.id ?? created!.id)
    when("exchange-fulfilment-to-ship", { earlier }, ({ earlier }) => !earlier?.shipped).then(() => {
      const shipmentInput = transform({ input, exchange, labels, fulfillmentId }, ({ input, exchange, labels, fulfillmentId }) => ({
        order_id: input.order_id,
        fulfillment_id: fulfillmentId,
        items: exchange.new_items,
        labels,
        no_notification: true,
      }))
      createOrderShipmentWorkflow.runAsStep({ input: shipmentInput })
    })

    releaseLockStep({ key, ownerId: input.lock_owner })
    const answer = transform({ input, earlier, fulfillmentId }, ({ input, earlier, fulfillmentId }): ExchangeShipmentAnswer => {
      return { exchange_id: input.exchange_id, fulfillment_id: fulfillmentId, status: "shipped", ...(earlier?.shipped ? { skipped: true as const } : {}) }
    })
    return new WorkflowResponse(answer)
  },
)
