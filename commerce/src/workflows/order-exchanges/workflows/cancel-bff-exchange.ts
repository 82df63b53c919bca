import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, cancelOrderExchangeWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { ORDER_LOCK_TTL_SECONDS, ORDER_LOCK_WAIT_SECONDS, orderLockKey } from "../../../lib/order-changes"
import type { ExchangeCancelAnswer } from "../../../lib/order-exchanges"
import { readActiveOrderChangeStep } from "../../order-changes/steps/read-active-order-change"
import { planExchangeCancellationStep } from "../steps/plan-exchange-cancellation"
import { readExchangeOfOrderStep } from "../steps/read-exchange-of-order"
import type { ExchangeOfOrderInput } from "./ship-bff-exchange"

export const cancelBffExchangeWorkflowId = "cancel-bff-exchange"

/**
 * Cancels an exchange whose old units never left the shopper (the courier gave the pickup up): Medusa cancels its
 * return and lets go of the new sizes' reservations. Already cancelled is skipped; an exchange already shipped, or
 * one still being changed, is refused (409).
 */
export const cancelBffExchangeWorkflow = createWorkflow(cancelBffExchangeWorkflowId, (input: WorkflowData<ExchangeOfOrderInput>) => {
  const key = transform({ input }, ({ input }) => orderLockKey(input.order_id))
  acquireLockStep({ key, timeout: ORDER_LOCK_WAIT_SECONDS, ttl: ORDER_LOCK_TTL_SECONDS, ownerId: input.lock_owner })

  const exchange = readExchangeOfOrderStep({ order_id: input.order_id, exchange_id: input.exchange_id })
  const change = readActiveOrderChangeStep({ order_id: input.order_id, of: { exchange_id: input.exchange_id } })
  const skipped = planExchangeCancellationStep({ order_id: input.order_id, exchange, change })
  when("exchange-to-cancel", { skipped }, ({ skipped }) => !skipped).then(() => {
    cancelOrderExchangeWorkflow.runAsStep({ input: { exchange_id: input.exchange_id, no_notification: true } })
  })

  releaseLockStep({ key, ownerId: input.lock_owner })
  const answer = transform({ input, skipped }, ({ input, skipped }): ExchangeCancelAnswer => {
    return { exchange_id: input.exchange_id, status: "canceled", ...(skipped ? { skipped: true as const } : {}) }
  })
  return new WorkflowResponse(answer)
})
