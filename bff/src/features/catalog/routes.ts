import { gzipSync } from "node:zlib"
import { Router, type Request, type Response } from "express"
import { z } from "zod"
import { forbidden } from "../../http/errors.js"
import { parse } from "../../http/validate.js"
import { sameBytes } from "../../lib/tokens.js"
import type { CachedAnswer } from "./cache.js"
import { listProductsQuery, productIdParams } from "./schema.js"
import type { CatalogService } from "./service.js"
import type { CatalogSync } from "./sync.js"

/**
 * Sends a cached answer with its ETag (Express answers 304 when the browser already has it), gzipped
 * once per cached answer rather than once per request.
 */
function sendAnswer(req: Request, res: Response, answer: CachedAnswer) {
  res.set({ ETag: answer.etag, Vary: "Accept-Encoding" }).type("json")
  if (req.acceptsEncodings("gzip") === "gzip") {
    answer.gzipped ??= gzipSync(answer.body)
    res.set("Content-Encoding", "gzip").send(answer.gzipped)
    return
  }
  res.send(answer.body)
}

export function catalogRoutes(catalog: CatalogService): Router {
  const router = Router()

  router.get("/products", async (req, res) => {
    const query = parse(listProductsQuery, req.query)
    sendAnswer(req, res, await catalog.listProducts(query))
  })

  router.get("/products/:id", async (req, res) => {
    const { id } = parse(productIdParams, req.params)
    sendAnswer(req, res, await catalog.productPage(id))
  })

  return router
}

const changedBody = z.object({
  productIds: z.array(z.string().regex(/^prod_[0-9A-Z]{26}$/)).max(1000).default([]),
  all: z.boolean().default(false),
  /** An order was placed or cancelled: units sold (Popular, best sellers) changed. */
  sales: z.boolean().default(false),
})

/** commerce/ tells the BFF which products changed (product, price or stock events) so the read model follows at once. */
export function catalogInternalRoutes(sync: CatalogSync, internalSecret: string): Router {
  const router = Router()
  router.post("/internal/catalog/changed", async (req, res) => {
    if (!sameBytes(req.get("x-internal-secret") ?? "", internalSecret)) throw forbidden()
    const { productIds, all, sales } = parse(changedBody, req.body)
    if (all) await sync.rebuild()
    else {
      if (productIds.length) await sync.refresh(productIds)
      if (sales) await sync.refreshSales()
    }
    res.status(204).end()
  })
  return router
}
