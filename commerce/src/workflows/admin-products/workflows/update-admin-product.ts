import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  batchInventoryItemLevelsWorkflow,
  createProductVariantsWorkflow,
  deleteProductVariantsWorkflow,
  releaseLockStep,
  updateProductsWorkflow,
  updateProductVariantsWorkflow,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { assertProductVersionStep } from "../steps/assert-product-version"
import {
  levelChanges,
  productLockKey,
  productUpdate,
  variantChanges,
  type AdminProductWrite,
  type CurrentProduct,
  type CurrentVariant,
} from "../utils/admin-product-plan"
import { VARIANT_STOCK_FIELDS } from "./create-admin-product"

export type UpdateAdminProductInput = {
  id: string
  /** The version the console's form was loaded at. */
  version: number
  product: AdminProductWrite
  stock_location_id: string
  /** Unique per call, so only this run can release the product's lock. */
  lock_owner: string
}

/** Seconds a write waits for another write of the same product, and how long a lock outlives a crashed run. */
export const PRODUCT_LOCK_WAIT_SECONDS = 15
export const PRODUCT_LOCK_TTL_SECONDS = 60

export const updateAdminProductWorkflowId = "update-admin-product"

/**
 * Saves the console's form over a product, only if nobody saved it since the form was loaded: under the
 * product's lock the version is checked, the product's fields written with the next version, sizes added,
 * repriced or removed, and each size's units set at the stock location. A stale version is a conflict
 * and changes nothing; a failing step undoes the ones before it and releases the lock.
 */
export const updateAdminProductWorkflow = createWorkflow(updateAdminProductWorkflowId, (input: WorkflowData<UpdateAdminProductInput>) => {
  const key = transform({ input }, ({ input }) => productLockKey(input.id))
  acquireLockStep({ key, timeout: PRODUCT_LOCK_WAIT_SECONDS, ttl: PRODUCT_LOCK_TTL_SECONDS, ownerId: input.lock_owner })

  const { data: found } = useQueryGraphStep({
    entity: "product",
    fields: ["id", "handle", "metadata", "variants.id", "variants.title", "variants.options.value", "variants.options.option.title"],
    filters: { id: input.id },
  }).config({ name: "read-product-to-update" })
  const current = transform({ found }, ({ found }) => found[0] as unknown as CurrentProduct | undefined)
  const product = assertProductVersionStep({ product: current, version: input.version })

  const update = transform({ product, input }, ({ product, input }) => ({ products: [productUpdate(product, input.product)] }))
  updateProductsWorkflow.runAsStep({ input: update })

  const changes = transform({ product, input }, ({ product, input }) => variantChanges(product, input.product))
  when("sizes-to-delete", { changes }, ({ changes }) => changes.delete.length > 0).then(() => {
    deleteProductVariantsWorkflow.runAsStep({ input: { ids: changes.delete } })
  })
  when("sizes-to-update", { changes }, ({ changes }) => changes.update.length > 0).then(() => {
    updateProductVariantsWorkflow.runAsStep({ input: { product_variants: changes.update } })
  })
  when("sizes-to-create", { changes }, ({ changes }) => changes.create.length > 0).then(() => {
    createProductVariantsWorkflow.runAsStep({ input: { product_variants: changes.create } })
  })

  const { data: variants } = useQueryGraphStep({ entity: "product_variant", fields: VARIANT_STOCK_FIELDS, filters: { product_id: input.id } }).config({
    name: "read-updated-product-stock",
  })
  const levels = transform({ variants, input }, ({ variants, input }) =>
    levelChanges(variants as unknown as CurrentVariant[], input.product.sizes, input.stock_location_id),
  )
  when("stock-levels-to-set", { levels }, ({ levels }) => levels.create.length + levels.update.length > 0).then(() => {
    batchInventoryItemLevelsWorkflow.runAsStep({ input: { create: levels.create, update: levels.update, delete: [] } })
  })

  releaseLockStep({ key, ownerId: input.lock_owner })
  return new WorkflowResponse(input.id)
})
