import type { RequestListener } from "node:http"
import { rm } from "node:fs/promises"
import express from "express"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest"
import { GENERIC_INDEX, genericFrontEndDist, standInStorefrontBuild, TEST_PUBLIC_URL } from "../../../test/app.js"
import type { PageRenderRequest } from "@fitshop/contracts"
import { HttpError } from "../../http/errors.js"
import { createLogger } from "../../lib/logger.js"
import { answerBeforeExpress } from "../../http/answer-before-express.js"
import { answerOf, noCatalogCache } from "../catalog/cache.js"
import type { CatalogService } from "../catalog/service.js"
import type { SearchService } from "../search/index.js"
import { legalInfo } from "../legal/index.js"
import { storefrontPageRoutes } from "./routes.js"

/**
 * A stand-in for the storefront's server build (the real one is exercised by the journeys, e2e/painted.spec.ts, and
 * its first reads by storefront/src/first-reads.test.tsx). Its render records what it was asked, paints the address
 * and a picture at the origin it was given (as the storefront resolves /media/… paths), answers 404 for a page whose
 * read failed with 404, leaves /cart to the browser, and breaks on /boom. Its first reads are its own, unlike the real
 * storefront's: home reads a Jeans cover and 6 newest products, the shop reads g, sort and wg or type, 24 to a page.
 */
const STAND_IN_RENDERER = `
export const renderer = {
  renderPage(request) {
    globalThis.__renderRequests.push(request)
    const { pathname } = new URL(request.url, request.origin)
    if (pathname === "/cart") return null
    if (pathname === "/boom") throw new Error("a bug in a component")
    const missing = Object.values(request.failures ?? {}).includes(404)
    const meta = missing ? null : { title: "Painted " + pathname, description: "What " + pathname + " shows", canonicalPath: pathname }
    const picture = '<img src="' + new URL("/media/tee.jpg", request.origin).href + '">'
    return { html: "<main>painted " + pathname + "</main>" + picture, status: missing ? 404 : 200, meta }
  },
}

export const firstReads = {
  home: () => [
    { params: { active: true, gender: "MEN", categoryType: "LOWERS", subcategory: "Jeans", limit: 1 }, paintedFirst: { count: 1, sizes: "40vw" } },
    { params: { active: true, sort: "newest", limit: 6 } },
  ],
  shop(search) {
    const gender = search.get("g") === "WOMEN" ? "WOMEN" : "MEN"
    const read = new URLSearchParams({ g: gender })
    for (const key of gender === "WOMEN" ? ["wg", "sort"] : ["type", "sort"]) if (search.get(key)) read.set(key, search.get(key))
    read.sort()
    const params = { active: true, gender, styleGroup: read.get("wg"), categoryType: read.get("type"), sort: read.get("sort") ?? "popular", limit: 24, offset: 0 }
    return { address: "/shop?" + read, reads: [{ params, paintedFirst: { count: 2, sizes: "50vw" } }] }
  },
}
`

const renderRequests: PageRenderRequest[] = []
;(globalThis as unknown as { __renderRequests: PageRenderRequest[] }).__renderRequests = renderRequests

const listing = { products: [], total: 0 }
const product = {
  id: "prod_01J0000000000000000000TEE1",
  title: "Boxy Tee",
  description: "Heavy cotton.",
  basePrice: 79900,
  imageUrl: "/media/tee.jpg",
  images: [{ url: "/media/tee.jpg", isPrimary: true, position: 0 }],
  availableSizes: ["M"],
  sku: null,
  colorName: "Black",
  fabric: "Cotton",
}
const catalog = {
  listProducts: () => Promise.resolve(answerOf(JSON.stringify(listing))),
  productPage: (id: string) =>
    id === product.id
      ? Promise.resolve(answerOf(JSON.stringify({ product, recommendations: null })))
      : Promise.reject(new HttpError(404, "not_found", "Product not found")),
} as unknown as CatalogService

/** Search finds the Boxy Tee for "tee" and nothing for anything else. */
const searchAnswer = (q: string) => ({ query: q, products: q === "tee" ? [product] : [], total: q === "tee" ? 1 : 0 })
const search = {
  search: (query: { q: string }) => Promise.resolve(answerOf(JSON.stringify(searchAnswer(query.q)))),
} as unknown as SearchService

/** A product nobody reviewed yet. */
const reviews = { firstReviews: () => Promise.resolve({ reviews: [], nextCursor: null }) }

/** The demo seller's facts, as a development start's settings give them. */
const legal = legalInfo({ NODE_ENV: "test", RETURN_WINDOW_DAYS: 7 })

const pagesOf = (storefrontDist: string, listings: CatalogService = catalog) =>
  express().use(
    storefrontPageRoutes({
      catalog: listings,
      search,
      reviews,
      cache: noCatalogCache,
      legal,
      storefrontDist,
      indexHtml: GENERIC_INDEX,
      publicUrl: TEST_PUBLIC_URL,
      logger: createLogger("silent"),
    }),
  )

let build: Awaited<ReturnType<typeof standInStorefrontBuild>>
let app: express.Express
beforeAll(async () => {
  build = await standInStorefrontBuild(STAND_IN_RENDERER)
  app = pagesOf(build.dist)
})
afterAll(async () => {
  await build.remove()
})

const lastRender = () => renderRequests.at(-1)!

const carriedBlock = (html: string): { sentAt: number; answers: Record<string, unknown> } | undefined => {
  const carried = /<script type="application\/json" id="server-answers">([\s\S]*?)<\/script>/.exec(html)?.[1]
  return carried === undefined ? undefined : (JSON.parse(carried) as { sentAt: number; answers: Record<string, unknown> })
}
const carriedAnswers = (html: string): Record<string, unknown> | undefined => carriedBlock(html)?.answers

describe("the first reads of home and the shop", () => {
  const pictured = (n: number) => ({
    ...product,
    id: `prod_${n}`,
    images: [{ url: `/media/${n}.jpg`, srcSet: `/media/${n}.jpg?w=320 320w`, isPrimary: true, position: 0 }],
  })
  const listingWithPictures = { products: [pictured(1), pictured(2), pictured(3)], total: 3 }
  const pictures = { listProducts: () => Promise.resolve(answerOf(JSON.stringify(listingWithPictures))) } as unknown as CatalogService
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"[^>]* imagesizes="([^"]+)"/g)].map((tag) => `${tag[1]} ${tag[2]}`)

  it("are the ones the storefront's server build names, answered and preloaded as it says", async () => {
    const pages = pagesOf(build.dist, pictures)
    const home = await request(pages).get("/")
    expect(Object.keys(carriedAnswers(home.text)!)).toEqual([
      "/api/products?active=true&categoryType=LOWERS&gender=MEN&limit=1&subcategory=Jeans",
      "/api/products?active=true&limit=6&sort=newest",
    ])
    expect(preloads(home.text)).toEqual(["/media/1.jpg 40vw"])

    const shop = await request(pages).get("/shop?g=WOMEN&wg=WESTERN&type=UPPERS&fabric=Cotton")
    expect(carriedAnswers(shop.text)).toEqual({
      "/api/products?active=true&gender=WOMEN&limit=24&offset=0&sort=popular&styleGroup=WESTERN": listingWithPictures,
    })
    expect(preloads(shop.text)).toEqual(["/media/1.jpg 50vw", "/media/2.jpg 50vw"])
    expect(lastRender().url).toBe("/shop?g=WOMEN&wg=WESTERN")
  })

  it("are not answered without the storefront's server build: the browser makes them", async () => {
    const browserOnly = await genericFrontEndDist()
    onTestFinished(() => rm(browserOnly, { recursive: true, force: true }))
    for (const address of ["/", "/shop?g=MEN"]) {
      const response = await request(pagesOf(browserOnly, pictures)).get(address)
      expect(response.status).toBe(200)
      expect(response.text).toContain('<div id="root"></div>')
      expect(carriedAnswers(response.text)).toBeUndefined()
      expect(preloads(response.text)).toEqual([])
    }
  })

  it("answer a search with its first page under the address's query and the filters search takes, whatever else it holds", async () => {
    const response = await request(app).get("/search?q=tee&colorName=Black&junk=1&sort=relevance&size=XXL&cursor=24")
    expect(response.status).toBe(200)
    expect(carriedAnswers(response.text)).toEqual({ "/api/search?colorName=Black&q=tee&size=XXL": searchAnswer("tee") })
    expect(lastRender()).toMatchObject({ url: "/search?q=tee&colorName=Black&junk=1&sort=relevance&size=XXL&cursor=24" })
  })

  it("name a search page for its words, indexed only when it found something, when the render can't", async () => {
    const browserOnly = await genericFrontEndDist()
    onTestFinished(() => rm(browserOnly, { recursive: true, force: true }))
    const pages = pagesOf(browserOnly)
    const found = await request(pages).get("/search?q=tee&colorName=Black")
    expect(found.text).toContain("<title>Search results for “tee” | Build Your Fit</title>")
    expect(found.text).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/search?q=tee" />`)
    expect(found.text).not.toContain("noindex")
    const nothing = await request(pages).get("/search?q=%3Cscript%3Ezzz")
    expect(nothing.text).toContain('<meta name="robots" content="noindex" />')
    expect(nothing.text).toContain("Search results for “&lt;script&gt;zzz”")
    expect(nothing.text).not.toContain('rel="canonical"')
    const tooShort = await request(pages).get("/search?q=a")
    expect(tooShort.status).toBe(200)
    expect(tooShort.text).toContain('<meta name="robots" content="noindex" />')
    expect(carriedAnswers(tooShort.text)).toBeUndefined()
  })

  it("leaves a page without answers when the API would refuse a read it names", async () => {
    const response = await request(app).get("/shop?g=MEN&type=SHOES")
    expect(response.status).toBe(200)
    expect(carriedAnswers(response.text)).toBeUndefined()
  })
})

describe("pages painted by the storefront's server render", () => {
  it("puts the render into the root, and its title, description and canonical link into the head, beside the answers it rendered with", async () => {
    const response = await request(app).get("/shop?g=WOMEN").set("Host", "shop.example:8443")
    expect(response.status).toBe(200)
    expect(response.text).toContain(`<div id="root"><main>painted /shop</main><img src="${TEST_PUBLIC_URL}/media/tee.jpg"></div>`)
    expect(response.text).toContain("<title>Painted /shop</title>")
    expect(response.text).toContain('<meta name="description" content="What /shop shows" />')
    expect(response.text).not.toContain('content="generic"')
    expect(response.text).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/shop" />`)
    expect(lastRender()).toMatchObject({
      url: "/shop?g=WOMEN",
      origin: TEST_PUBLIC_URL,
      answers: { "/api/products?active=true&gender=WOMEN&limit=24&offset=0&sort=popular": listing },
    })
    const carried = /<script type="application\/json" id="server-answers">([\s\S]*?)<\/script>/.exec(response.text)![1]!
    expect(JSON.parse(carried).answers).toEqual({ "/api/products?active=true&gender=WOMEN&limit=24&offset=0&sort=popular": listing })
  })

  it("renders a product with its answer and its first reviews, and its preview and JSON-LD beside the render's own name", async () => {
    const response = await request(app).get("/product/prod_01J0000000000000000000TEE1")
    expect(response.status).toBe(200)
    expect(lastRender().answers).toEqual({
      "/api/products/prod_01J0000000000000000000TEE1": { product, recommendations: null },
      "/api/products/prod_01J0000000000000000000TEE1/reviews": { reviews: [], nextCursor: null },
    })
    expect(response.text).toContain("<title>Painted /product/prod_01J0000000000000000000TEE1</title>")
    expect(response.text).toContain('<meta property="og:title" content="Boxy Tee" />')
    expect(response.text).toContain('<script type="application/ld+json">')
  })

  it("tells the render which reads failed, and answers an unknown product with its 404", async () => {
    for (const id of ["prod_01AAAAAAAAAAAAAAAAAAAAAAAA", "nope"]) {
      const response = await request(app).get(`/product/${id}`)
      expect(response.status).toBe(404)
      expect(lastRender().failures).toEqual({ [`/api/products/${id}`]: 404 })
      expect(response.text).toContain(`<main>painted /product/${id}</main>`)
      expect(response.text).toContain(`"failures":{"/api/products/${id}":404}`)
      expect(response.text).not.toContain("og:title")
    }
  })

  it("sends the app's index.html for a page the browser paints, and the render's status for every other address", async () => {
    const cart = await request(app).get("/cart")
    expect(cart.status).toBe(200)
    expect(cart.text).toContain('<div id="root"></div>')
    expect(cart.text).toContain("<title>Build Your Fit</title>")
    const unknown = await request(app).get("/no/such/page")
    expect(unknown.text).toContain("<main>painted /no/such/page</main>")
  })

  it("renders the policy pages with the settings' facts as their one answer, and names them when the render can't", async () => {
    for (const path of ["/terms", "/privacy", "/returns-policy", "/shipping-policy", "/contact"]) {
      const response = await request(app).get(path)
      expect(response.status).toBe(200)
      expect(response.text).toContain(`<main>painted ${path}</main>`)
      expect(lastRender()).toMatchObject({ url: path, answers: { "/api/legal": legal } })
      const carried = /<script type="application\/json" id="server-answers">([\s\S]*?)<\/script>/.exec(response.text)![1]!
      expect(JSON.parse(carried).answers).toEqual({ "/api/legal": legal })
    }
  })

  it("sends the page for the browser to paint when the render breaks", async () => {
    const response = await request(app).get("/boom")
    expect(response.status).toBe(200)
    expect(response.text).toContain('<div id="root"></div>')
  })

  it("renders an address once while its answers stay the same, whatever Host it was asked at", async () => {
    const before = renderRequests.length
    const asked = () => request(app).get("/shop?g=MEN&sort=newest").set("Host", "shop.example")
    for (let i = 0; i < 3; i++) expect((await asked()).text).toContain("<main>painted /shop</main>")
    expect(renderRequests.length - before).toBe(1)
    await request(app).get("/shop?g=MEN&sort=newest").set("Host", "other.example")
    expect(renderRequests.length - before).toBe(1)
  })

  it("sends a page built from the same answers as it was sent (bytes, ETag, the time its answers were read), 304 to a browser that has it, and builds it again once an answer changes", async () => {
    let price = 79_900
    const changing = {
      ...catalog,
      productPage: () => Promise.resolve(answerOf(JSON.stringify({ product: { ...product, basePrice: price }, recommendations: null }))),
    } as unknown as CatalogService
    const pages = pagesOf(build.dist, changing)
    const path = `/product/${product.id}`
    const first = await request(pages).get(path)
    const again = await request(pages).get(path).set("Accept-Encoding", "gzip")
    expect(again.text).toBe(first.text)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.headers["content-encoding"]).toBe("gzip")
    expect((await request(pages).get(path).set("If-None-Match", first.headers.etag!)).status).toBe(304)

    price = 89_900
    const changed = await request(pages).get(path)
    expect(changed.headers.etag).not.toBe(first.headers.etag)
    expect(carriedAnswers(changed.text)![`/api/products/${product.id}`]).toMatchObject({ product: { basePrice: 89_900 } })
    expect(carriedBlock(changed.text)!.sentAt).toBeGreaterThanOrEqual(carriedBlock(first.text)!.sentAt)
  })

  it("answers a product page asked again ahead of Express, with the headers Express gave it, until an answer changes", async () => {
    let price = 79_900
    let expressCalls = 0
    const changing = {
      ...catalog,
      productPage: () => Promise.resolve(answerOf(JSON.stringify({ product: { ...product, basePrice: price }, recommendations: null }))),
    } as unknown as CatalogService
    const routes = storefrontPageRoutes({
      catalog: changing,
      search,
      reviews,
      cache: noCatalogCache,
      legal,
      storefrontDist: build.dist,
      indexHtml: GENERIC_INDEX,
      publicUrl: TEST_PUBLIC_URL,
      logger: createLogger("silent"),
    })
    const viaExpress = express()
      .use((_req, res, next) => {
        expressCalls += 1
        res.setHeader("Content-Security-Policy", "default-src 'self'")
        next()
      })
      .use(routes)
    const pages = answerBeforeExpress([routes.early], viaExpress)
    let requestId = 0
    // As observeRequests does, ahead of every handler: each response's own id.
    const shop: RequestListener = (req, res) => {
      res.setHeader("X-Request-Id", `r${++requestId}`)
      pages(req, res)
    }
    const path = `/product/${product.id}`

    const first = await request(shop).get(path).set("Accept-Encoding", "gzip")
    expect(expressCalls).toBe(1)
    const again = await request(shop).get(`${path}?utm_source=share`).set("Accept-Encoding", "gzip")
    expect(expressCalls).toBe(1)
    expect(again.text).toBe(first.text)
    for (const header of ["content-security-policy", "content-type", "cache-control", "etag", "vary", "content-encoding"]) {
      expect(again.headers[header], header).toBe(first.headers[header])
    }
    expect(first.headers["x-request-id"]).toBe("r1")
    expect(again.headers["x-request-id"]).toBe("r2")
    const plain = await request(shop).get(path).set("Accept-Encoding", "identity")
    expect(plain.text).toBe(first.text)
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect((await request(shop).get(path).set("If-None-Match", first.headers.etag!)).status).toBe(304)
    expect(expressCalls).toBe(1)

    price = 89_900
    const changed = await request(shop).get(path)
    expect(expressCalls).toBe(2)
    expect(changed.headers.etag).not.toBe(first.headers.etag)
    // A page never built here goes to Express's route.
    await request(shop).get("/product/prod_01J0000000000000000000TEE2")
    expect(expressCalls).toBe(3)
  })

  it("paints pictures at the shop's own origin, never at a forged Host", async () => {
    for (const path of ["/", "/shop?g=MEN&type=LOWERS", `/product/${product.id}`, "/no/such/place"]) {
      for (const host of ["evil.example", "evil.example:8443", "bad host/x"]) {
        const response = await request(app).get(path).set("Host", host)
        expect(response.text, `${path} at ${host}`).toContain(`<img src="${TEST_PUBLIC_URL}/media/tee.jpg">`)
        expect(response.text, `${path} at ${host}`).not.toContain("evil.example")
        expect(lastRender().origin).toBe(TEST_PUBLIC_URL)
      }
    }
  })

  it("keeps one render per page whatever else its query string holds, rendered at the parameters it reads", async () => {
    const before = renderRequests.length
    const shop = [
      "/shop?sort=newest&g=WOMEN&wg=TRADITIONS",
      "/shop?g=WOMEN&wg=TRADITIONS&sort=newest&utm_source=x&zz=1",
      "/shop?wg=TRADITIONS&gclid=abc&sort=newest&g=WOMEN&type=UPPERS&sort=popular",
    ]
    for (const path of shop) expect((await request(app).get(path)).text, path).toContain("<main>painted /shop</main>")
    expect(renderRequests.length - before).toBe(1)
    expect(lastRender().url).toBe("/shop?g=WOMEN&sort=newest&wg=TRADITIONS")

    for (const path of [`/product/${product.id}?fbclid=1`, `/product/${product.id}?refPost=42&utm_medium=share`, "/?utm_source=mail", "/?zz=2"]) {
      await request(app).get(path)
    }
    const productAndHome = renderRequests.slice(before + 1).map((asked) => asked.url)
    expect(productAndHome.filter((url) => url !== "/" && url !== `/product/${product.id}`)).toEqual([])
    expect(productAndHome.length).toBeLessThanOrEqual(2)
  })

  it("keeps no 404 page, so made-up product ids and addresses can't push the shop's pages out", async () => {
    const kept = "/shop?g=MEN&type=UPPERS&sort=price_desc"
    await request(app).get(kept)
    const before = renderRequests.length
    for (let i = 0; i < 220; i++) {
      const unique = String(i).padStart(26, "0")
      expect((await request(app).get(`/product/prod_${unique}`)).status).toBe(404)
      expect((await request(app).get(`/no-such-page-${i}?q=${i}`)).text).toContain(`painted /no-such-page-${i}`)
    }
    expect(renderRequests.length - before).toBe(440)
    await request(app).get(kept)
    expect(renderRequests.length - before).toBe(440)
  })
})
