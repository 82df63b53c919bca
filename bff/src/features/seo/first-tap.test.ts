import { createHash } from "node:crypto"
import { writeFile } from "node:fs/promises"
import path from "node:path"
import express from "express"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { standInStorefrontBuild, TEST_PUBLIC_URL } from "../../../test/app.js"
import { HttpError } from "../../http/errors.js"
import { securityHeaders } from "../../http/security-headers.js"
import { createLogger } from "../../lib/logger.js"
import { answerOf, noCatalogCache } from "../catalog/cache.js"
import type { CatalogService } from "../catalog/service.js"
import type { SearchService } from "../search/index.js"
import { legalInfo } from "../legal/index.js"
import { storefrontPageRoutes } from "./routes.js"
import { readStorefrontIndex } from "./storefront-index.js"

/**
 * index.html as the storefront's build writes it (storefront/build/paint-first.ts): the tap queue inline at the end of
 * the head, the loader inline at the end of the body. Their texts here are short stand-ins of the same shape.
 */
const TAP_QUEUE = `;(() => {
const queue = []
document.addEventListener("click", (event) => { if (event.target.closest("[data-tap]")) queue.push(event.target.dataset.tap) }, true)
window.firstTaps = { queue, replaying: false, stop: () => {} }
})()`
const LOADER = `;(() => { const script = document.createElement("script"); script.type = "module"; script.src = "/assets/index-a1.js"; document.head.append(script) })()`
const BUILT_INDEX = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <title>Build Your Fit</title>
    <style>body{margin:0}</style>
    <script>${TAP_QUEUE}</script>
  </head>
  <body>
    <div id="root"></div>
    <script>${LOADER}</script>
  </body>
</html>`

/** Renders a product page with its size and ADD TO BAG buttons marked for the tap queue; leaves the bag to the browser. */
const STAND_IN_RENDERER = `
export const renderer = {
  renderPage(request) {
    const { pathname } = new URL(request.url, request.origin)
    if (!pathname.startsWith("/product/")) return null
    return { html: '<button data-tap="size:M" aria-pressed="false">M</button><button data-tap="add-to-bag">ADD TO BAG</button>', status: 200, meta: null }
  },
}
export const firstReads = { home: () => [], shop: () => ({ address: "/shop", reads: [] }) }
`

const product = { id: "prod_01J0000000000000000000TEE1", title: "Boxy Tee", description: "", basePrice: 79900, images: [], availableSizes: ["M"] }
const catalog = {
  listProducts: () => Promise.resolve(answerOf(JSON.stringify({ products: [], total: 0 }))),
  productPage: (id: string) =>
    id === product.id
      ? Promise.resolve(answerOf(JSON.stringify({ product, recommendations: null })))
      : Promise.reject(new HttpError(404, "not_found", "Product not found")),
} as unknown as CatalogService

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`
const scriptSources = (policy: string | undefined) =>
  policy
    ?.split("; ")
    .find((directive) => directive.startsWith("script-src "))
    ?.split(" ")
    .slice(1)

let build: Awaited<ReturnType<typeof standInStorefrontBuild>>
let shop: express.Express
beforeAll(async () => {
  build = await standInStorefrontBuild(STAND_IN_RENDERER)
  await writeFile(path.join(build.dist, "index.html"), BUILT_INDEX)
  const storefrontIndex = readStorefrontIndex(build.dist)!
  shop = express()
    .use(securityHeaders({ razorpayCheckout: false, inlineSources: storefrontIndex.inlineSources }))
    .use(
      storefrontPageRoutes({
        catalog,
        search: {} as SearchService,
        reviews: { firstReviews: () => Promise.resolve({ reviews: [], nextCursor: null }) },
        cache: noCatalogCache,
        legal: legalInfo({ NODE_ENV: "test", RETURN_WINDOW_DAYS: 7 }),
        storefrontDist: build.dist,
        indexHtml: storefrontIndex.html,
        publicUrl: TEST_PUBLIC_URL,
        logger: createLogger("silent"),
      }),
    )
})
afterAll(async () => {
  await build.remove()
})

describe("the first tap's queue in the pages the shop sends", () => {
  it.each([
    ["a product page the server painted", `/product/${product.id}`],
    ["the bag, which the browser paints", "/cart"],
  ])("is in the head of %s, as built, and the policy allows exactly it and the loader", async (_label, url) => {
    const page = await request(shop).get(url)
    expect(page.status).toBe(200)
    const head = /<head>([\s\S]*)<\/head>/.exec(page.text)?.[1] ?? ""
    expect(head).toContain(`<script>${TAP_QUEUE}</script>`)
    expect(page.text.indexOf(`<script>${TAP_QUEUE}</script>`)).toBeLessThan(page.text.indexOf('<div id="root">'))
    expect(scriptSources(page.headers["content-security-policy"])).toEqual(["'self'", sha256(TAP_QUEUE), sha256(LOADER)])
  })

  it("is sent again byte for byte when a kept page is sent again, so its hash still allows it", async () => {
    const first = await request(shop).get(`/product/${product.id}`)
    const again = await request(shop).get(`/product/${product.id}`)
    expect(again.text).toBe(first.text)
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"])
    expect(again.text).toContain('<button data-tap="add-to-bag">ADD TO BAG</button>')
  })
})
