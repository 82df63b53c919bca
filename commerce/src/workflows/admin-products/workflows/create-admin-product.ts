import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { batchInventoryItemLevelsWorkflow, createProductsWorkflow, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { levelChanges, newProductInput, type AdminProductWrite, type CurrentVariant, type ProductHome } from "../utils/admin-product-plan"

export type CreateAdminProductInput = { product: AdminProductWrite & { handle: string }; home: ProductHome }

/** What the stock plan reads of a product's variants: its size and its inventory items' levels. */
export const VARIANT_STOCK_FIELDS = [
  "id",
  "title",
  "options.value",
  "options.option.title",
  "inventory.id",
  "inventory.location_levels.location_id",
  "inventory.location_levels.stocked_quantity",
]

export const createAdminProductWorkflowId = "create-admin-product"

/**
 * A product from the console, whole or not at all: the product with one variant per size (Medusa makes
 * their inventory items and prices), then each size's units at the storefront's stock location. A failing
 * step undoes the ones before it.
 */
export const createAdminProductWorkflow = createWorkflow(createAdminProductWorkflowId, (input: WorkflowData<CreateAdminProductInput>) => {
  const products = transform({ input }, ({ input }) => ({ products: [newProductInput(input.product, input.home)] }))
  const created = createProductsWorkflow.runAsStep({ input: products })
  const productId = transform({ created }, ({ created }) => created[0]!.id)

  const { data: variants } = useQueryGraphStep({ entity: "product_variant", fields: VARIANT_STOCK_FIELDS, filters: { product_id: productId } }).config({
    name: "read-new-product-stock",
  })
  const levels = transform({ variants, input }, ({ variants, input }) =>
    levelChanges(variants as unknown as CurrentVariant[], input.product.sizes, input.home.stock_location_id),
  )
  when("stock-levels-to-set", { levels }, ({ levels }) => levels.create.length + levels.update.length > 0).then(() => {
    batchInventoryItemLevelsWorkflow.runAsStep({ input: { create: levels.create, update: levels.update, delete: [] } })
  })

  return new WorkflowResponse(productId)
})
