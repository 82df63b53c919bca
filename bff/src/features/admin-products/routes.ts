import { adminProductInput, adminProductListQuery, adminProductUpdate, bulkStatusInput, SIZES, type SizesConfig } from "@fitshop/contracts"
import { Router } from "express"
import type { Authentication } from "../../http/authenticate.js"
import { noStore } from "../../http/no-store.js"
import { validated } from "../../http/validate.js"
import { productIdParams } from "../catalog/index.js"
import { adminProductsService } from "./service.js"

/** /api/admin/products and the sizes config: the console's catalogue, staff only, never cached. */
export function adminProductRoutes({ authentication, ...deps }: Parameters<typeof adminProductsService>[0] & { authentication: Authentication }): Router {
  const products = adminProductsService(deps)
  const router = Router()

  router.get("/admin/config/sizes", authentication.requireStaff, noStore, (_req, res) => {
    const config: SizesConfig = { items: [...SIZES] }
    res.json(config)
  })

  router.get(
    "/admin/products",
    authentication.requireStaff,
    noStore,
    validated({ query: adminProductListQuery }, async (_req, res, { query }) => {
      res.json(await products.list(query))
    }),
  )

  router.post(
    "/admin/products",
    authentication.requireStaff,
    noStore,
    validated({ body: adminProductInput }, async (_req, res, { body }) => {
      res.status(201).json({ product: await products.create(body) })
    }),
  )

  router.post(
    "/admin/products/bulk-status",
    authentication.requireStaff,
    noStore,
    validated({ body: bulkStatusInput }, async (_req, res, { body }) => {
      res.json({ updated: await products.bulkStatus(body.ids, body.status) })
    }),
  )

  router.get(
    "/admin/products/:id",
    authentication.requireStaff,
    noStore,
    validated({ params: productIdParams }, async (_req, res, { params }) => {
      res.json({ product: await products.get(params.id) })
    }),
  )

  router.put(
    "/admin/products/:id",
    authentication.requireStaff,
    noStore,
    validated({ params: productIdParams, body: adminProductUpdate }, async (_req, res, { params, body }) => {
      res.json({ product: await products.update(params.id, body.version, body.product) })
    }),
  )

  router.post(
    "/admin/products/:id/duplicate",
    authentication.requireStaff,
    noStore,
    validated({ params: productIdParams }, async (_req, res, { params }) => {
      res.status(201).json({ product: await products.duplicate(params.id) })
    }),
  )

  router.delete(
    "/admin/products/:id",
    authentication.requireStaff,
    noStore,
    validated({ params: productIdParams }, async (_req, res, { params }) => {
      await products.archive(params.id)
      res.status(204).end()
    }),
  )

  return router
}
