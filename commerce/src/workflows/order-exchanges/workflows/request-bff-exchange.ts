import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  beginExchangeOrderWorkflow,
  confirmExchangeRequestWorkflow,
  createExchangeShippingMethodWorkflow,
  orderExchangeAddNewItemWorkflow,
  orderExchangeRequestItemReturnWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { ORDER_LOCK_TTL_SECONDS, ORDER_LOCK_WAIT_SECONDS, orderLockKey } from "../../../lib/order-changes"
import { exchangeParts, exchangeRequestPlan, type ExchangeAnswer, type ExchangeRequest } from "../../../lib/order-exchanges"
import { readActiveOrderChangeStep } from "../../order-changes/steps/read-active-order-change"
import { readOrderForChangeStep } from "../../order-changes/steps/read-order-for-change"
import { readStockLocationOfOrderStep } from "../../order-changes/steps/read-stock-location-of-order"
import { findBffExchangeStep } from "../steps/find-bff-exchange"
import { readExchangeOfOrderStep } from "../steps/read-exchange-of-order"
import { readOrderShippingOptionStep } from "../steps/read-order-shipping-option"
import { resumeExchangeRequestStep } from "../steps/resume-exchange-request"

export type RequestBffExchangeInput = {
  order_id: string
  request: ExchangeRequest
  /** Unique per call, so only this run can release the order's lock. */
  lock_owner: string
}

export const requestBffExchangeWorkflowId = "request-bff-exchange"

/**
 * Asks Medusa for a size exchange, as ops would in the dashboard: the units coming back (a return at the order's
 * warehouse), the new sizes at the replaced lines' prices, a free shipping method (so Medusa reserves the new
 * sizes at confirmation) and the confirmation (Medusa emits order.exchange_created). Idempotent by
 * `bff_return_id`: a retry answers the exchange the first call made, finishing it if that call stopped half-way.
 * An exchange that fails is undone (the caller names a new size out of stock: stockShort).
 */
export const requestBffExchangeWorkflow = createWorkflow(requestBffExchangeWorkflowId, (input: WorkflowData<RequestBffExchangeInput>) => {
  const key = transform({ input }, ({ input }) => orderLockKey(input.order_id))
  acquireLockStep({ key, timeout: ORDER_LOCK_WAIT_SECONDS, ttl: ORDER_LOCK_TTL_SECONDS, ownerId: input.lock_owner })

  const lineIds = transform({ input }, ({ input }) => input.request.return_items.map((item) => item.id))
  const order = readOrderForChangeStep({ order_id: input.order_id, line_ids: lineIds })
  const existing = findBffExchangeStep({ order_id: input.order_id, bff_return_id: input.request.bff_return_id })
  const existingChange = when("exchange-made-before", { existing }, ({ existing }) => Boolean(existing && !existing.canceled_at)).then(() => {
    const exchangeId = transform({ existing }, ({ existing }) => existing!.id)
    return readActiveOrderChangeStep({ order_id: input.order_id, of: { exchange_id: exchangeId } }).config({ name: "read-earlier-exchange-change" })
  })
  const plan = transform({ existing, existingChange }, ({ existing, existingChange }) => exchangeRequestPlan(existing, existingChange ?? null))

  const begun = when("exchange-to-begin", { plan }, ({ plan }) => plan.begin).then(() => {
    const beginInput = transform({ input }, ({ input }) => ({ order_id: input.order_id, metadata: { bff_return_id: input.request.bff_return_id } }))
    return beginExchangeOrderWorkflow.runAsStep({ input: beginInput })
  })
  const exchangeId = transform({ existing, begun }, ({ existing, begun }) => existing?.id ?? String(begun?.exchange_id))
  when("exchange-to-resume", { plan }, ({ plan }) => plan.resume).then(() => {
    resumeExchangeRequestStep({ exchange_id: exchangeId })
  })

  const parts = when("exchange-to-finish", { plan }, ({ plan }) => plan.answer === null).then(() => {
    const locationId = readStockLocationOfOrderStep(order)
    const missing = transform({ exchangeId }, ({ exchangeId }) => `Exchange ${exchangeId} has no open request to finish`)
    const change = readActiveOrderChangeStep({ order_id: input.order_id, of: { exchange_id: exchangeId }, missing })
    const exchange = readExchangeOfOrderStep({ order_id: input.order_id, exchange_id: exchangeId }).config({ name: "read-exchange-to-finish" })
    return transform({ change, exchange, locationId }, ({ change, exchange, locationId }) => ({ ...exchangeParts(change), exchange, locationId }))
  })
  when("exchange-units-to-return", { parts }, ({ parts }) => Boolean(parts?.returnItems)).then(() => {
    const returnInput = transform({ parts, input, exchangeId }, ({ parts, input, exchangeId }) => ({
      exchange_id: exchangeId,
      // Medusa's type asks for the return; the workflow makes the exchange's return itself when it has none.
      return_id: parts!.exchange.return_id ?? "",
      location_id: parts!.locationId,
      items: input.request.return_items,
    }))
    orderExchangeRequestItemReturnWorkflow.runAsStep({ input: returnInput })
  })
  when("exchange-sizes-to-add", { parts }, ({ parts }) => Boolean(parts?.newItems)).then(() => {
    const addInput = transform({ input, exchangeId }, ({ input, exchangeId }) => ({ exchange_id: exchangeId, items: input.request.new_items }))
    orderExchangeAddNewItemWorkflow.runAsStep({ input: addInput })
  })
  // Medusa reserves the new sizes only for an exchange that ships; ours ships free.
  when("exchange-shipping-to-add", { parts }, ({ parts }) => Boolean(parts?.shipping)).then(() => {
    const optionId = readOrderShippingOptionStep(input.order_id)
    const shippingInput = transform({ optionId, exchangeId }, ({ optionId, exchangeId }) => ({
      exchange_id: exchangeId,
      shipping_option_id: optionId,
      custom_amount: 0,
    }))
    createExchangeShippingMethodWorkflow.runAsStep({ input: shippingInput })
  })
  const requested = when("exchange-to-confirm", { plan }, ({ plan }) => plan.answer === null).then(() => {
    confirmExchangeRequestWorkflow.runAsStep({ input: { exchange_id: exchangeId } })
    return readExchangeOfOrderStep({ order_id: input.order_id, exchange_id: exchangeId }).config({ name: "read-requested-exchange" })
  })

  releaseLockStep({ key, ownerId: input.lock_owner })
  const answer = transform({ existing, requested, plan }, ({ existing, requested, plan }): ExchangeAnswer => {
    const exchange = requested ?? existing!
    return { exchange_id: exchange.id, return_id: exchange.return_id, status: plan.answer ?? "requested" }
  })
  return new WorkflowResponse(answer)
})
