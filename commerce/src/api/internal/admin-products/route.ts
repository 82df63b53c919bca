import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { createAdminProductWorkflow } from "../../../workflows/admin-products/workflows/create-admin-product"
import { adminProductPage, adminProductView, productHome, productWrite, uniqueHandle } from "./helpers"
import { InternalAdminProductList, type InternalAdminProductType } from "./validators"

/**
 * The console's products, drafts and archived ones included (the store API shows only published ones):
 * a page of them by status and title, last changed first. Guarded by the internal secret middleware.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const query = InternalAdminProductList.safeParse(req.query)
  if (!query.success)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, query.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "))
  res.json(await adminProductPage(req.scope, query.data))
}

/** Creates a product from the console at version 1, with its sizes, prices and stock, in one workflow. */
export const POST = async (req: MedusaRequest<InternalAdminProductType>, res: MedusaResponse) => {
  const [product, home] = await Promise.all([productWrite(req.scope, req.validatedBody), productHome(req.scope)])
  const { result: id } = await createAdminProductWorkflow(req.scope).run({ input: { product: { ...product, handle: uniqueHandle(product.title) }, home } })
  res.status(201).json({ product: await adminProductView(req.scope, id) })
}
