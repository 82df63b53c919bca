import express from "express"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, GENERIC_INDEX, standInStorefrontBuild, TEST_PUBLIC_URL } from "../../../test/app.js"
import { isSeeded, newestProducts } from "../../../test/catalog.js"
import { feedMember, recordedOrder } from "../../../test/fitfeed.js"
import { createLogger } from "../../lib/logger.js"
import { productMeta, type ListedProduct, type ProductDetail } from "@fitshop/contracts"
import { answerOf, noCatalogCache } from "../catalog/cache.js"
import type { SearchService } from "../search/index.js"
import type { CatalogService } from "../catalog/service.js"
import { legalInfo } from "../legal/index.js"
import { pageHeadTags, withPageHead } from "./page-head.js"
import { productJsonLd, productPreview } from "./product-meta.js"
import { storefrontPageRoutes } from "./routes.js"
import { serverAnswersTag } from "./server-answers.js"

/**
 * A stand-in for the storefront's server build: it paints nothing (pages come as index.html with their answers) and
 * names first reads like the storefront's (storefront/src/first-reads.test.tsx checks those against its pages): the
 * Uppers tiles' covers, the first two pictured first, and 8 best sellers; the shop's first 24 of its address's section.
 */
const STAND_IN_BUILD = `
export const renderer = { renderPage: () => null }

const cover = (subcategory) => ({ active: true, gender: "MEN", categoryType: "UPPERS", subcategory, limit: 1 })

export const firstReads = {
  home: () => [
    ...["Hoodies", "Polo", "Oversized", "Regular"].map((subcategory, position) =>
      position < 2 ? { params: cover(subcategory), paintedFirst: { count: 1, sizes: "50vw" } } : { params: cover(subcategory) },
    ),
    { params: { active: true, sort: "popular", limit: 8 } },
  ],
  shop: (search) => ({
    address: "/shop",
    reads: [{ params: { active: true, gender: search.get("g") ?? "MEN", styleGroup: search.get("wg"), sort: search.get("sort") ?? "popular", fabric: search.get("fabric"), limit: 24, offset: 0 } }],
  }),
}
`

let build: Awaited<ReturnType<typeof standInStorefrontBuild>>
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  build = await standInStorefrontBuild(STAND_IN_BUILD)
  ctx = await createTestApp({ STOREFRONT_DIST: build.dist })
})
afterAll(async () => {
  await ctx.close()
  await build.remove()
})

/** The answers block of a page, as the storefront reads it. */
function serverAnswers(html: string): { sentAt: number; answers: Record<string, unknown> } | null {
  const match = /<script type="application\/json" id="server-answers">([\s\S]*?)<\/script>/.exec(html)
  return match ? JSON.parse(match[1]!) : null
}

const apiAnswer = async (url: string) => (await request(ctx.app).get(url)).body as unknown

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  return JSON.parse(match![1]!)
}

describe("GET /product/:id (the HTML the server sends)", () => {
  it("carries the product's title, description, preview tags and Product JSON-LD", async () => {
    const { body } = await request(ctx.app).get("/api/products").query({ limit: "100" })
    const product = (body.products as ListedProduct[]).find(isSeeded)!
    const response = await request(ctx.app).get(`/product/${product.id}`)
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toMatch(/text\/html/)
    const html = response.text
    expect(html).toContain(`<title>${product.title} | Build Your Fit</title>`)
    expect(html).not.toContain('content="generic"')
    expect(html).toContain(`<meta property="og:url" content="${TEST_PUBLIC_URL}/product/${product.id}" />`)
    expect(html).toContain(`<meta property="og:image" content="${TEST_PUBLIC_URL}${product.imageUrl}" />`)
    expect(html).toContain('<div id="root"></div>')
    const primary = product.images.find((image) => image.isPrimary)!
    expect(html).toContain(`<link rel="preload" as="image" href="${primary.url}" imagesrcset="${primary.url}?w=320 320w,`)
    expect(jsonLd(html)).toMatchObject({
      "@type": "Product",
      name: product.title,
      offers: { priceCurrency: "INR", price: (product.basePrice / 100).toFixed(2) },
    })
  })

  it("answers an unknown or malformed id with the app's page and a 404", async () => {
    for (const id of ["prod_01AAAAAAAAAAAAAAAAAAAAAAAA", "nope"]) {
      const response = await request(ctx.app).get(`/product/${id}`)
      expect(response.status).toBe(404)
      expect(response.text).toContain('<div id="root"></div>')
    }
  })
})

describe("a product's head tags", () => {
  it("escape what a merchandiser typed, in the tags and in the JSON-LD", () => {
    const product = {
      id: "prod_X",
      title: `Tee "</script><script>alert(1)</script>`,
      description: "<b>bold</b>",
      basePrice: 49900,
      imageUrl: null,
      images: [],
      availableSizes: [],
      sku: null,
      colorName: null,
      fabric: null,
      rating: null,
    } as unknown as ProductDetail
    const html = withPageHead(GENERIC_INDEX, productMeta(product), [
      ...pageHeadTags(productMeta(product), TEST_PUBLIC_URL, productPreview(product)),
      productJsonLd(product, TEST_PUBLIC_URL),
    ])
    expect(html).not.toContain("<script>alert(1)</script>")
    expect(html).not.toContain("<b>bold</b>")
    expect(html).toContain(`<title>Tee &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Build Your Fit</title>`)
    expect(jsonLd(html).name).toBe(product.title)
    expect(jsonLd(html).offers.availability).toBe("https://schema.org/OutOfStock")
    expect(jsonLd(html)).not.toHaveProperty("aggregateRating")
  })

  it("carry the reviews' rating in the JSON-LD only when there is one", () => {
    const rated = { id: "prod_R", title: "Tee", description: "", basePrice: 49900, images: [], availableSizes: ["M"], sku: null, colorName: null, fabric: null }
    const withRating = { ...rated, rating: { average: 4.3, count: 12 } } as unknown as ProductDetail
    expect(jsonLd(productJsonLd(withRating, TEST_PUBLIC_URL)).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    })
    expect(jsonLd(productJsonLd({ ...rated, rating: null } as unknown as ProductDetail, TEST_PUBLIC_URL))).not.toHaveProperty("aggregateRating")
  })
})

describe("the answers a page comes with (server-answers)", () => {
  it("sends the home page with its first reads answered exactly as the API answers them, and its first tiles' pictures preloaded", async () => {
    const before = Date.now()
    const response = await request(ctx.app).get("/").set("Accept-Encoding", "gzip")
    expect(response.status).toBe(200)
    expect(response.headers["content-encoding"]).toBe("gzip")
    const block = serverAnswers(response.text)!
    expect(block.sentAt).toBeGreaterThanOrEqual(before)
    const urls = [
      ...["Hoodies", "Polo", "Oversized", "Regular"].map((sub) => `/api/products?active=true&categoryType=UPPERS&gender=MEN&limit=1&subcategory=${sub}`),
      "/api/products?active=true&limit=8&sort=popular",
    ]
    expect(Object.keys(block.answers)).toEqual(urls)
    for (const url of urls) expect(block.answers[url]).toEqual(await apiAnswer(url))
    const hoodie = (block.answers[urls[0]!] as { products: ListedProduct[] }).products[0]!
    expect(response.text).toContain(`<link rel="preload" as="image" href="${hoodie.images[0]!.url}" imagesrcset=`)
    expect(response.text.match(/rel="preload" as="image"/g)).toHaveLength(2)
  })

  it("sends the shop with the first page its address lists", async () => {
    const response = await request(ctx.app).get("/shop?g=WOMEN&wg=WESTERN&type=UPPERS&sort=price_asc&fabric=Cotton")
    const block = serverAnswers(response.text)!
    const url = "/api/products?active=true&fabric=Cotton&gender=WOMEN&limit=24&offset=0&sort=price_asc&styleGroup=WESTERN"
    expect(Object.keys(block.answers)).toEqual([url])
    expect(block.answers[url]).toEqual(await apiAnswer(url))
  })

  it("sends the shop without answers when the API would refuse the read the storefront names", async () => {
    const response = await request(ctx.app).get("/shop?fabric=Silk")
    expect(response.status).toBe(200)
    expect(response.text).toContain('<div id="root"></div>')
    expect(serverAnswers(response.text)).toBeNull()
  })

  it("carries its reviews' rating in the JSON-LD, and their first page among the answers", async () => {
    // The newest seeded product: the reviews' own tests review the oldest ones.
    const product = (await newestProducts(ctx.app))[0]!
    for (const [index, rating] of [4, 5].entries()) {
      const buyer = await feedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET, `page${index}`)
      await recordedOrder(ctx.db, buyer.id, [{ productId: product.id }], "DELIVERED")
      const created = await request(ctx.app)
        .post(`/api/products/${product.id}/reviews`)
        .set(buyer.headers)
        .send({ rating, fit: "TRUE", text: `Fits ${index}` })
      expect(created.status).toBe(201)
    }
    await ctx.cache.invalidate()
    const html = (await request(ctx.app).get(`/product/${product.id}`)).text
    expect(jsonLd(html).aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2 })
    const reviews = serverAnswers(html)!.answers[`/api/products/${product.id}/reviews`] as { reviews: { text: string }[] }
    expect(reviews.reviews.map((each) => each.text)).toEqual(["Fits 1", "Fits 0"])
  })

  it("sends a product page with its product and recommendations, and the first page of its reviews", async () => {
    const { body } = await request(ctx.app).get("/api/products").query({ limit: "100" })
    const id = (body.products as ListedProduct[]).find(isSeeded)!.id
    const block = serverAnswers((await request(ctx.app).get(`/product/${id}`)).text)!
    expect(block.answers).toEqual({
      [`/api/products/${id}`]: await apiAnswer(`/api/products/${id}`),
      [`/api/products/${id}/reviews`]: await apiAnswer(`/api/products/${id}/reviews`),
    })
  })

  it("sends the page without answers when the catalogue cannot be read", async () => {
    const failing = { listProducts: () => Promise.reject(new Error("database down")) } as unknown as CatalogService
    const app = express().use(
      storefrontPageRoutes({
        catalog: failing,
        search: { search: () => Promise.reject(new Error("database down")) } as unknown as SearchService,
        reviews: { firstReviews: () => Promise.reject(new Error("database down")) },
        cache: noCatalogCache,
        legal: legalInfo(ctx.config),
        storefrontDist: build.dist,
        indexHtml: GENERIC_INDEX,
        publicUrl: TEST_PUBLIC_URL,
        logger: createLogger("silent"),
      }),
    )
    for (const path of ["/", "/shop?g=MEN", "/search?q=hoodie"]) {
      const response = await request(app).get(path)
      expect(response.status).toBe(200)
      expect(response.text).toContain('<div id="root"></div>')
      expect(serverAnswers(response.text)).toBeNull()
    }
  })
})

describe("serverAnswersTag", () => {
  it("keeps what a merchandiser typed from closing the tag, and the storefront reads it back unchanged", () => {
    const title = `Tee </script><script>alert(1)</script><!-- & more`
    const tag = serverAnswersTag([{ url: "/api/products?limit=1", answer: answerOf(JSON.stringify({ products: [{ title }] })) }], 5)
    expect(tag.indexOf("</script>")).toBe(tag.length - "</script>".length)
    expect(tag).not.toContain("<!--")
    expect(serverAnswers(tag)).toEqual({ sentAt: 5, answers: { "/api/products?limit=1": { products: [{ title }] } } })
  })
})
