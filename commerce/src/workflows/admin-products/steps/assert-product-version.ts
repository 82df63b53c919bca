import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { versionOf, type CurrentProduct } from "../utils/admin-product-plan"

export const assertProductVersionStepId = "assert-product-version"

/** The text a stale update is refused with; the BFF shows it to the merchandiser as it is. */
export const STALE_VERSION_MESSAGE = "This product changed while you were editing it. Reload to see the latest version."

/**
 * Refuses an update made from another version than the product's current one (taken under the product's
 * lock, so no other write can slip in between). It only reads, so there is nothing to compensate.
 */
export const assertProductVersionStep = createStep(
  assertProductVersionStepId,
  async ({ product, version }: { product: CurrentProduct | undefined; version: number }) => {
    if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found")
    if (versionOf(product.metadata) !== version) throw new MedusaError(MedusaError.Types.CONFLICT, STALE_VERSION_MESSAGE)
    return new StepResponse(product)
  },
)
