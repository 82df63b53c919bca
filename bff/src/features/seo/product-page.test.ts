import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, TEST_PUBLIC_URL } from "../../../test/app.js"
import type { ListedProduct, Product } from "../catalog/product.js"
import { renderProductHtml } from "./product-meta.js"

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" />
<meta name="description" content="generic" />
<title>Build Your Fit</title>
</head><body><div id="root"></div></body></html>`

let dist: string
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "fitshop-dist-"))
  await writeFile(path.join(dist, "index.html"), INDEX)
  ctx = await createTestApp({ STOREFRONT_DIST: dist })
})
afterAll(async () => {
  await ctx.close()
  await rm(dist, { recursive: true, force: true })
})

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  return JSON.parse(match![1]!)
}

describe("GET /product/:id (the HTML the server sends)", () => {
  it("carries the product's title, description, preview tags and Product JSON-LD", async () => {
    const { body } = await request(ctx.app).get("/api/products").query({ limit: "1" })
    const product = body.products[0] as ListedProduct
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

describe("renderProductHtml", () => {
  it("escapes what a merchandiser typed, in the tags and in the JSON-LD", () => {
    const product = {
      id: "prod_X", title: `Tee "</script><script>alert(1)</script>`, description: "<b>bold</b>", basePrice: 49900,
      imageUrl: null, images: [], availableSizes: [], sku: null, colorName: null, fabric: null,
    } as unknown as Product
    const html = renderProductHtml(INDEX, product, TEST_PUBLIC_URL)
    expect(html).not.toContain("<script>alert(1)</script>")
    expect(html).not.toContain("<b>bold</b>")
    expect(jsonLd(html).name).toBe(product.title)
    expect(jsonLd(html).offers.availability).toBe("https://schema.org/OutOfStock")
  })
})
