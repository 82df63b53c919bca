import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, cancelOrderChangeWorkflow, cancelReturnWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { ORDER_LOCK_TTL_SECONDS, ORDER_LOCK_WAIT_SECONDS, orderLockKey } from "../../../lib/order-changes"
import type { ReturnAnswer } from "../../../lib/order-returns"
import { readActiveOrderChangeStep } from "../../order-changes/steps/read-active-order-change"
import { planReturnCancellationStep } from "../steps/plan-return-cancellation"
import { readReturnOfOrderStep } from "../steps/read-return-of-order"
import type { ReturnOfOrderInput } from "./receive-bff-return"

export const cancelBffReturnWorkflowId = "cancel-bff-return"

/**
 * Cancels a return not yet received (the shopper changed their mind, the pickup never happened): any change of it
 * still open is dropped first, since Medusa's cancellation is itself an order change. Already cancelled is skipped;
 * a return with units received can't be cancelled (409).
 */
export const cancelBffReturnWorkflow = createWorkflow(cancelBffReturnWorkflowId, (input: WorkflowData<ReturnOfOrderInput>) => {
  const key = transform({ input }, ({ input }) => orderLockKey(input.order_id))
  acquireLockStep({ key, timeout: ORDER_LOCK_WAIT_SECONDS, ttl: ORDER_LOCK_TTL_SECONDS, ownerId: input.lock_owner })

  const found = readReturnOfOrderStep({ order_id: input.order_id, return_id: input.return_id }).config({ name: "read-return-to-cancel" })
  const skipped = planReturnCancellationStep(found)

  const change = when("return-to-cancel", { skipped }, ({ skipped }) => !skipped).then(() =>
    readActiveOrderChangeStep({ order_id: input.order_id, of: { return_id: input.return_id } }),
  )
  when("return-change-to-drop", { change }, ({ change }) => Boolean(change)).then(() => {
    const drop = transform({ change }, ({ change }) => ({ id: change!.id }))
    cancelOrderChangeWorkflow.runAsStep({ input: drop })
  })
  const canceled = when("return-to-cancel-now", { skipped }, ({ skipped }) => !skipped).then(() => {
    cancelReturnWorkflow.runAsStep({ input: { return_id: input.return_id, no_notification: true } })
    return readReturnOfOrderStep({ order_id: input.order_id, return_id: input.return_id }).config({ name: "read-cancelled-return" })
  })

  releaseLockStep({ key, ownerId: input.lock_owner })
  const answer = transform({ found, canceled, skipped }, ({ found, canceled, skipped }): ReturnAnswer => {
    if (skipped) return { return_id: found.id, status: found.status, skipped: true }
    return { return_id: found.id, status: canceled?.status ?? found.status }
  })
  return new WorkflowResponse(answer)
})
