import { Router } from "express"
import { parse } from "../../http/validate.js"
import { listProductsQuery, productIdParams } from "./schema.js"
import type { CatalogService } from "./service.js"

export function catalogRoutes(catalog: CatalogService): Router {
  const router = Router()

  router.get("/products", async (req, res) => {
    const query = parse(listProductsQuery, req.query)
    res.json(await catalog.listProducts(query))
  })

  router.get("/products/:id", async (req, res) => {
    const { id } = parse(productIdParams, req.params)
    res.json({ product: await catalog.getProduct(id) })
  })

  return router
}
