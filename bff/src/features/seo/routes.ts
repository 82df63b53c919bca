import { readFile } from "node:fs/promises"
import path from "node:path"
import { Router } from "express"
import type { CatalogService } from "../catalog/service.js"
import { productIdParams } from "../catalog/schema.js"
import { HttpError } from "../../http/errors.js"
import { renderProductHtml } from "./product-meta.js"

/**
 * Product pages are sent with their own title, description, preview tags and JSON-LD in the HTML, so a
 * shared link previews well without running the app; the storefront then takes over as usual.
 */
export function productPageRoutes({ catalog, storefrontDist, publicUrl }: { catalog: CatalogService; storefrontDist: string; publicUrl: string }): Router {
  const router = Router()
  const indexFile = path.join(storefrontDist, "index.html")
  router.get("/product/:id", async (req, res) => {
    const indexHtml = await readFile(indexFile, "utf8")
    res.set("Cache-Control", "no-cache").type("html")
    const id = productIdParams.safeParse(req.params)
    if (!id.success) return void res.status(404).send(indexHtml)
    try {
      const product = await catalog.getProduct(id.data.id)
      res.send(renderProductHtml(indexHtml, product, publicUrl))
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return void res.status(404).send(indexHtml)
      throw error
    }
  })
  return router
}
