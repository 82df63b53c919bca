import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/**
 * A step that takes over a change (a return's request or receipt, an exchange) an earlier call began and stopped
 * half-way: it passes the change's id on, and should this run fail too, its compensation cancels the change with
 * `cancel`, so nothing half-made holds the order's one active change.
 */
export function resumeHalfMadeStep<Input extends Record<string, string>>(
  stepId: string,
  idOf: (input: Input) => string,
  cancel: (container: MedusaContainer, changeId: string) => Promise<unknown>,
) {
  return createStep(
    stepId,
    async (input: Input) => {
      const changeId = idOf(input)
      return new StepResponse(changeId, changeId)
    },
    async (changeId, { container }) => {
      if (!changeId) return
      // Best effort: a compensation that throws would stop the ones before it, the order's lock among them.
      await cancel(container, changeId).catch(() => undefined)
    },
  )
}
