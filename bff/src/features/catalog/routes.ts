import type { IncomingMessage, ServerResponse } from "node:http"
import { parse as parseQueryString } from "node:querystring"
import { DROPS_PATH, PRODUCT_ID_PATTERN, type DropsAnswer } from "@fitshop/contracts"
import { Router } from "express"
import fresh from "fresh"
import { z } from "zod"
import { answerEarly, JSON_TYPE, readRequest, type EarlyHandler } from "../../http/answer-before-express.js"
import { sendCompressed, VARY_BY_ENCODING } from "../../http/compressed-send.js"
import { SECURITY_HEADERS } from "../../http/security-headers.js"
import { requireInternalSecret } from "../../http/internal-secret.js"
import { parse, validated } from "../../http/validate.js"
import type { Logger } from "../../lib/logger.js"
import type { CachedAnswer } from "./cache.js"
import { listProductsQuery, productIdParams } from "./schema.js"
import type { CatalogService } from "./service.js"
import type { CatalogSync } from "./sync.js"

const PRODUCTS_PATH = "/api/products"

/**
 * Sends a cached answer with its ETag (304 when the browser already has it), gzipped once per cached answer
 * rather than once per request.
 */
export function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer) {
  const headers = { ...SECURITY_HEADERS, "Content-Type": JSON_TYPE, ETag: answer.etag }
  if (fresh(req.headers, { etag: answer.etag })) res.writeHead(304, { ...headers, ...VARY_BY_ENCODING }).end()
  else sendCompressed(req, res, answer.body, { headers, keep: answer })
}

/** An answer no cache may keep (`GET /api/drops`: the product page polls it for the units left). */
function sendUncached(res: ServerResponse, answer: DropsAnswer) {
  const json = JSON.stringify(answer)
  res.writeHead(200, { ...SECURITY_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(json) }).end(json)
}

/** Told of every product page read, with its query, before it is answered (referral visits). */
export type ProductReadListener = (req: IncomingMessage, productId: string, query: string) => void

/**
 * `GET /api/products`, `GET /api/products/{id}` and `GET /api/drops`, answered on Node's own request and response
 * ahead of Express (answerBeforeExpress): they are the shop's busiest calls, the last while a drop opens. Bad input
 * is a 400 and an unknown product a 404, with the same `{ error, message, code }` bodies as every other route.
 */
export function catalogReads(catalog: CatalogService, logger: Logger, onProductRead?: ProductReadListener): EarlyHandler {
  return (req, res) => {
    const read = readRequest(req)
    if (!read) return false
    const { path, query } = read
    if (path === DROPS_PATH) {
      return answerEarly(req, res, { path, route: DROPS_PATH }, logger, async () => sendUncached(res, await catalog.drops()))
    }
    let answer: () => Promise<CachedAnswer>
    let route: string
    if (path === PRODUCTS_PATH) {
      answer = async () => catalog.listProducts(parse(listProductsQuery, parseQueryString(query)))
      route = PRODUCTS_PATH
    } else if (path.startsWith(`${PRODUCTS_PATH}/`) && !path.includes("/", PRODUCTS_PATH.length + 1)) {
      const id = path.slice(PRODUCTS_PATH.length + 1)
      onProductRead?.(req, id, query)
      answer = async () => catalog.productPage(parse(productIdParams, { id }).id)
      route = `${PRODUCTS_PATH}/:id`
    } else {
      return false
    }
    return answerEarly(req, res, { path, route }, logger, async () => sendAnswer(req, res, await answer()))
  }
}

const changedBody = z.object({
  productIds: z.array(z.string().regex(PRODUCT_ID_PATTERN)).max(1000).default([]),
  all: z.boolean().default(false),
  /** An order was placed or cancelled: units sold (Popular, best sellers) changed. */
  sales: z.boolean().default(false),
})

/** commerce/ tells the BFF which products changed (product, price or stock events) so the read model follows at once. */
export function catalogInternalRoutes(sync: CatalogSync, internalSecret: string): Router {
  const router = Router()
  router.post(
    "/internal/catalog/changed",
    requireInternalSecret(internalSecret),
    validated({ body: changedBody }, async (_req, res, { body: { productIds, all, sales } }) => {
      if (all) await sync.rebuild()
      else {
        if (productIds.length) await sync.refresh(productIds)
        if (sales) await sync.refreshSales()
      }
      res.status(204).end()
    }),
  )
  return router
}
