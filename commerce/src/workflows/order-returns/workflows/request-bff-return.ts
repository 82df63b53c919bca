import { ChangeActionType } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  beginReturnOrderWorkflow,
  confirmReturnRequestWorkflow,
  releaseLockStep,
  requestItemReturnWorkflow,
} from "@medusajs/medusa/core-flows"
import { ORDER_LOCK_TTL_SECONDS, ORDER_LOCK_WAIT_SECONDS, orderLockKey } from "../../../lib/order-changes"
import { returnRequestPlan, type ReturnAnswer, type ReturnRequest } from "../../../lib/order-returns"
import { readActiveOrderChangeStep } from "../../order-changes/steps/read-active-order-change"
import { readOrderForChangeStep } from "../../order-changes/steps/read-order-for-change"
import { readStockLocationOfOrderStep } from "../../order-changes/steps/read-stock-location-of-order"
import { findBffReturnStep } from "../steps/find-bff-return"
import { readReturnOfOrderStep } from "../steps/read-return-of-order"
import { resumeReturnRequestStep } from "../steps/resume-return-request"

export type RequestBffReturnInput = {
  order_id: string
  request: ReturnRequest
  /** Unique per call, so only this run can release the order's lock. */
  lock_owner: string
}

export const requestBffReturnWorkflowId = "request-bff-return"

/**
 * Asks Medusa for a return of some of an order's lines, as ops would in the dashboard: the return is made at the
 * warehouse the order ships from (where it will be received), its items requested and the request confirmed
 * (Medusa emits order.return_requested). Idempotent by `bff_return_id`: a retry answers the return the first call
 * made, finishing its request if that call stopped half-way. A request that fails is undone, so no half-made return
 * holds the order's one active change.
 */
export const requestBffReturnWorkflow = createWorkflow(requestBffReturnWorkflowId, (input: WorkflowData<RequestBffReturnInput>) => {
  const key = transform({ input }, ({ input }) => orderLockKey(input.order_id))
  acquireLockStep({ key, timeout: ORDER_LOCK_WAIT_SECONDS, ttl: ORDER_LOCK_TTL_SECONDS, ownerId: input.lock_owner })

  const lineIds = transform({ input }, ({ input }) => input.request.items.map((item) => item.id))
  const order = readOrderForChangeStep({ order_id: input.order_id, line_ids: lineIds })
  const existing = findBffReturnStep({ order_id: input.order_id, bff_return_id: input.request.bff_return_id })
  const plan = transform({ existing }, ({ existing }) => returnRequestPlan(existing))

  const begun = when("return-to-begin", { plan }, ({ plan }) => plan.begin).then(() => {
    const locationId = readStockLocationOfOrderStep(order)
    const beginInput = transform({ input, locationId }, ({ input, locationId }) => ({
      order_id: input.order_id,
      location_id: locationId,
      metadata: { bff_return_id: input.request.bff_return_id },
      ...(input.request.note ? { internal_note: input.request.note } : {}),
    }))
    return beginReturnOrderWorkflow.runAsStep({ input: beginInput })
  })
  const returnId = transform({ existing, begun }, ({ existing, begun }) => existing?.id ?? String(begun?.return_id))
  when("return-to-resume", { plan }, ({ plan }) => plan.resume).then(() => {
    resumeReturnRequestStep({ return_id: returnId })
  })

  const change = when("return-request-to-finish", { plan }, ({ plan }) => !plan.settled).then(() => {
    const missing = transform({ returnId }, ({ returnId }) => `Return ${returnId} has no open request to finish`)
    return readActiveOrderChangeStep({ order_id: input.order_id, of: { return_id: returnId }, missing })
  })
  const itemsToRequest = transform(
    { plan, change },
    ({ plan, change }) => !plan.settled && !change?.actions.some((action) => action.action === ChangeActionType.RETURN_ITEM),
  )
  when("return-items-to-request", { itemsToRequest }, ({ itemsToRequest }) => itemsToRequest).then(() => {
    const items = transform({ input, returnId }, ({ input, returnId }) => ({
      return_id: returnId,
      items: input.request.items.map((item) => ({ id: item.id, quantity: item.quantity, ...(item.note ? { internal_note: item.note } : {}) })),
    }))
    requestItemReturnWorkflow.runAsStep({ input: items })
  })
  const requested = when("return-request-to-confirm", { plan }, ({ plan }) => !plan.settled).then(() => {
    confirmReturnRequestWorkflow.runAsStep({ input: { return_id: returnId } })
    return readReturnOfOrderStep({ order_id: input.order_id, return_id: returnId })
  })

  releaseLockStep({ key, ownerId: input.lock_owner })
  const answer = transform({ existing, requested, returnId }, ({ existing, requested, returnId }): ReturnAnswer => {
    return { return_id: returnId, status: requested?.status ?? String(existing?.status) }
  })
  return new WorkflowResponse(answer)
})
