import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep, updateProductsWorkflow, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { productLockKey, VERSION_KEY, versionOf, type AdminStatus, type CurrentProduct } from "../utils/admin-product-plan"
import { PRODUCT_LOCK_TTL_SECONDS, PRODUCT_LOCK_WAIT_SECONDS } from "./update-admin-product"

export type SetAdminProductsStatusInput = { ids: string[]; status: AdminStatus; lock_owner: string }

export const setAdminProductsStatusWorkflowId = "set-admin-products-status"

/**
 * Publishes, drafts or archives products in one go (the console's bulk actions and archive). Each is
 * a change like any save: under the products' locks, at their next version, so a form loaded before it
 * can't silently undo it. Ids that name no product are skipped; the answer lists the ones changed.
 */
export const setAdminProductsStatusWorkflow = createWorkflow(setAdminProductsStatusWorkflowId, (input: WorkflowData<SetAdminProductsStatusInput>) => {
  // Sorted, so two bulk changes over the same products take their locks in the same order.
  const keys = transform({ input }, ({ input }) => [...new Set(input.ids)].sort().map(productLockKey))
  acquireLockStep({ key: keys, timeout: PRODUCT_LOCK_WAIT_SECONDS, ttl: PRODUCT_LOCK_TTL_SECONDS, ownerId: input.lock_owner })

  const { data: found } = useQueryGraphStep({ entity: "product", fields: ["id", "metadata"], filters: { id: input.ids } }).config({
    name: "read-products-to-restatus",
  })
  const products = transform({ found, input }, ({ found, input }) =>
    (found as unknown as CurrentProduct[]).map((product) => ({
      id: product.id,
      status: input.status,
      metadata: { ...(product.metadata ?? {}), [VERSION_KEY]: versionOf(product.metadata) + 1 },
    })),
  )
  when("products-to-restatus", { products }, ({ products }) => products.length > 0).then(() => {
    updateProductsWorkflow.runAsStep({ input: { products } })
  })

  releaseLockStep({ key: keys, ownerId: input.lock_owner })
  return new WorkflowResponse(transform({ products }, ({ products }) => products.map((product) => product.id)))
})
