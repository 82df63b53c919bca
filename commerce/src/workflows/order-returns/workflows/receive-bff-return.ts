import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  beginReceiveReturnWorkflow,
  confirmReturnReceiveWorkflow,
  receiveItemReturnRequestWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { ORDER_LOCK_TTL_SECONDS, ORDER_LOCK_WAIT_SECONDS, orderLockKey } from "../../../lib/order-changes"
import type { ReturnAnswer } from "../../../lib/order-returns"
import { readActiveOrderChangeStep } from "../../order-changes/steps/read-active-order-change"
import { planReturnReceiptStep } from "../steps/plan-return-receipt"
import { readReturnOfOrderStep } from "../steps/read-return-of-order"
import { resumeReturnReceiptStep } from "../steps/resume-return-receipt"

export type ReturnOfOrderInput = {
  order_id: string
  return_id: string
  /** Unique per call, so only this run can release the order's lock. */
  lock_owner: string
}

export const receiveBffReturnWorkflowId = "receive-bff-return"

/**
 * Receives every requested unit of a return at its warehouse and confirms the receipt: Medusa puts the units back
 * on the sizes' inventory levels there and emits order.return_received. A return already received is skipped; a
 * receipt that fails is undone, so a retry starts it again.
 */
export const receiveBffReturnWorkflow = createWorkflow(receiveBffReturnWorkflowId, (input: WorkflowData<ReturnOfOrderInput>) => {
  const key = transform({ input }, ({ input }) => orderLockKey(input.order_id))
  acquireLockStep({ key, timeout: ORDER_LOCK_WAIT_SECONDS, ttl: ORDER_LOCK_TTL_SECONDS, ownerId: input.lock_owner })

  const found = readReturnOfOrderStep({ order_id: input.order_id, return_id: input.return_id }).config({ name: "read-return-to-receive" })
  const change = readActiveOrderChangeStep({ order_id: input.order_id, of: { return_id: input.return_id } })
  const plan = planReturnReceiptStep({ found, change })

  when("return-receipt-to-begin", { plan }, ({ plan }) => plan.begin).then(() => {
    beginReceiveReturnWorkflow.runAsStep({ input: { return_id: input.return_id } })
  })
  when("return-receipt-to-resume", { plan }, ({ plan }) => plan.resume).then(() => {
    resumeReturnReceiptStep({ return_id: input.return_id })
  })
  when("return-items-to-receive", { plan }, ({ plan }) => plan.receive !== null).then(() => {
    const items = transform({ plan, input }, ({ plan, input }) => ({ return_id: input.return_id, items: plan.receive ?? [] }))
    receiveItemReturnRequestWorkflow.runAsStep({ input: items })
  })
  const received = when("return-receipt-to-confirm", { plan }, ({ plan }) => !plan.skip).then(() => {
    confirmReturnReceiveWorkflow.runAsStep({ input: { return_id: input.return_id } })
    return readReturnOfOrderStep({ order_id: input.order_id, return_id: input.return_id }).config({ name: "read-received-return" })
  })

  releaseLockStep({ key, ownerId: input.lock_owner })
  const answer = transform({ found, received, plan }, ({ found, received, plan }): ReturnAnswer => {
    if (plan.skip) return { return_id: found.id, status: found.status, skipped: true }
    return { return_id: found.id, status: received?.status ?? found.status }
  })
  return new WorkflowResponse(answer)
})
