import { readFile } from "node:fs/promises"
import path from "node:path"
import { gzipSync } from "node:zlib"
import { listProductsQuery } from "@fitshop/contracts"
import { Router, type Request, type Response } from "express"
import { HttpError } from "../../http/errors.js"
import { parse } from "../../http/validate.js"
import type { Logger } from "../../lib/logger.js"
import { answerData, productIdParams, type CatalogService } from "../catalog/index.js"
import { HOME_READS, renderHomeHtml, type HomeAnswer } from "./home-page.js"
import { renderProductHtml } from "./product-meta.js"
import { renderShopHtml, shopFirstRead } from "./shop-page.js"

/** The pages carry a few kilobytes of data; compressed once per request, like the API's answers. */
function sendHtml(req: Request, res: Response, html: string, status = 200) {
  res.status(status).set({ "Cache-Control": "no-cache", Vary: "Accept-Encoding" }).type("html")
  if (req.acceptsEncodings("gzip") === "gzip") res.set("Content-Encoding", "gzip").send(gzipSync(html))
  else res.send(html)
}

type PageRoutesDeps = { catalog: CatalogService; storefrontDist: string; publicUrl: string; logger: Logger }

/**
 * The storefront pages whose HTML the server fills in. Product pages carry their title, description,
 * preview tags and JSON-LD, so a shared link previews well without running the app. The home page, the
 * shop and product pages carry the answers to their first API reads and preloads for the pictures they
 * paint first (server-answers.ts). The storefront then takes over as usual.
 */
export function storefrontPageRoutes({ catalog, storefrontDist, publicUrl, logger }: PageRoutesDeps): Router {
  const router = Router()
  const indexFile = path.join(storefrontDist, "index.html")

  /** A page whose answers could not be read is still sent: its reads then go to the API, which shows its own errors. */
  async function sendWithAnswers(req: Request, res: Response, page: string, fill: (indexHtml: string, sentAt: number) => Promise<string>) {
    const indexHtml = await readFile(indexFile, "utf8")
    try {
      sendHtml(req, res, await fill(indexHtml, Date.now()))
    } catch (error) {
      logger.warn({ err: error }, `${page} sent without its catalogue answers`)
      sendHtml(req, res, indexHtml)
    }
  }

  router.get("/", (req, res) =>
    sendWithAnswers(req, res, "home page", async (indexHtml, sentAt) => {
      const answers = await Promise.all(
        HOME_READS.map(async (params): Promise<HomeAnswer> => ({ params, answer: await catalog.listProducts(parse(listProductsQuery, params)) })),
      )
      return renderHomeHtml(indexHtml, answers, sentAt)
    }),
  )

  router.get("/shop", (req, res) =>
    sendWithAnswers(req, res, "shop page", async (indexHtml, sentAt) => {
      const params = shopFirstRead(new URL(req.originalUrl, "http://shop.invalid").searchParams)
      return params ? renderShopHtml(indexHtml, params, await catalog.listProducts(parse(listProductsQuery, params)), sentAt) : indexHtml
    }),
  )

  router.get("/product/:id", async (req, res) => {
    const indexHtml = await readFile(indexFile, "utf8")
    const id = productIdParams.safeParse(req.params)
    if (!id.success) return void sendHtml(req, res, indexHtml, 404)
    try {
      const sentAt = Date.now()
      const answer = await catalog.productPage(id.data.id)
      const { product } = answerData(answer)
      sendHtml(req, res, renderProductHtml(indexHtml, product, publicUrl, { body: answer.body, sentAt }))
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return void sendHtml(req, res, indexHtml, 404)
      throw error
    }
  })
  return router
}
