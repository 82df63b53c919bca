import express from "express"
import { JSDOM } from "jsdom"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createStorefrontTestApp, TEST_PUBLIC_URL } from "../../../test/app.js"
import { isSeeded } from "../../../test/catalog.js"
import { feedMember, insertedPost } from "../../../test/fitfeed.js"
import { hoodieForm, staffSession, uploadedProductImage } from "../../../test/staff.js"
import { createLogger } from "../../lib/logger.js"
import { shopMeta, shopSection, type ListedProduct, type Product } from "@fitshop/contracts"
import { buildSitemap, sitemapRoutes, type SitemapEntry } from "./sitemap.js"

let ctx: Awaited<ReturnType<typeof createStorefrontTestApp>>
beforeAll(async () => {
  ctx = await createStorefrontTestApp()
})
afterAll(() => ctx.close())

const logger = createLogger("silent")

/** A sitemap of its own (nothing built yet), so a test sees the rows it just made. */
const freshSitemap = (options: { urlsPerFile?: number; freshForMs?: number } = {}) =>
  request(express().use(sitemapRoutes({ db: ctx.db, publicUrl: TEST_PUBLIC_URL, logger, ...options })))

/** Parses as XML (JSDOM throws on text that is not well-formed) and answers the root element. */
const xmlRoot = (xml: string): Element => new JSDOM(xml, { contentType: "application/xml" }).window.document.documentElement

/** A urlset's addresses, each with its lastmod (null without one). */
function urlsOf(xml: string): Map<string, string | null> {
  const root = xmlRoot(xml)
  expect(root.tagName).toBe("urlset")
  expect(root.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9")
  return new Map(
    [...root.getElementsByTagName("url")].map((url) => [
      url.getElementsByTagName("loc")[0]!.textContent!,
      url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
    ]),
  )
}

const w3c = (date: Date | string) => new Date(date).toISOString().replace(/\.\d{3}Z$/, "Z")
const shopUrl = (path: string) => `${TEST_PUBLIC_URL}${path}`

describe("GET /robots.txt", () => {
  it("lets crawlers in, keeps them out of the console, a person's pages, sign-in and the API, and names the sitemap", async () => {
    const response = await request(ctx.app).get("/robots.txt")
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toMatch(/^text\/plain/)
    expect(response.headers["cache-control"]).toBe("public, max-age=3600")
    const lines = response.text.split("\n")
    expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"])
    for (const path of ["/admin", "/account", "/cart", "/wishlist", "/payments", "/login", "/forgot-password", "/reset-password", "/api/"]) {
      expect(lines).toContain(`Disallow: ${path}`)
    }
    expect(lines).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`)
    expect(response.text).not.toContain("<html")
  })
})

describe("GET /sitemap.xml", () => {
  it("lists home, the shop's sections at their canonical addresses and every live product with its last update, as escaped XML", async () => {
    const response = await request(ctx.app).get("/sitemap.xml")
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8")
    const urls = urlsOf(response.text)
    expect(urls.has(shopUrl("/"))).toBe(true)
    expect(urls.has(shopUrl("/shop?g=MEN"))).toBe(true)
    // The XML escapes the query's ampersands; the parsed address is the page's canonical one.
    expect(response.text).toContain(`<loc>${TEST_PUBLIC_URL}/shop?g=MEN&amp;type=UPPERS</loc>`)
    expect(response.text).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/)
    const listing = await request(ctx.app).get("/api/products").query({ limit: "24", sort: "newest" })
    for (const listed of (listing.body.products as ListedProduct[]).filter(isSeeded)) {
      const { product } = (await request(ctx.app).get(`/api/products/${listed.id}`)).body as { product: Product }
      expect(urls.get(shopUrl(`/product/${product.id}`)), product.id).toBe(w3c(product.updatedAt))
      const address = { g: product.gender, type: product.categoryType ?? "", sub: product.subcategory ?? "", wg: product.styleGroup ?? "" }
      const section = shopMeta(shopSection(new URLSearchParams(address))).canonicalPath!
      expect(urls.has(shopUrl(section)), section).toBe(true)
    }
  })

  it("lists a published product, but neither a draft nor one staff archived", async () => {
    const staff = await staffSession(ctx.app)
    const imageUrl = await uploadedProductImage(ctx.app, staff.headers)
    const made: string[] = []
    const create = async (status: "LIVE" | "DRAFT") => {
      const created = await request(ctx.app)
        .post("/api/admin/products")
        .set(staff.headers)
        .send(hoodieForm(imageUrl, { title: `Sitemap hoodie ${made.length}`, status }))
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      made.push(created.body.product.id as string)
      return created.body.product.id as string
    }
    try {
      const [live, draft, archived] = [await create("LIVE"), await create("DRAFT"), await create("LIVE")]
      const archive = await request(ctx.app)
        .post("/api/admin/products/bulk-status")
        .set(staff.headers)
        .send({ ids: [archived], status: "ARCHIVED" })
      expect(archive.body).toEqual({ updated: 1 })
      await expect.poll(async () => (await request(ctx.app).get(`/api/products/${archived}`)).status).toBe(404)
      const { product } = (await request(ctx.app).get(`/api/products/${live}`)).body as { product: Product }
      const urls = urlsOf((await freshSitemap().get("/sitemap.xml")).text)
      expect(urls.get(shopUrl(`/product/${live}`))).toBe(w3c(product.updatedAt))
      expect(urls.has(shopUrl(`/product/${draft}`))).toBe(false)
      expect(urls.has(shopUrl(`/product/${archived}`))).toBe(false)
    } finally {
      for (const id of made) await request(ctx.app).delete(`/api/admin/products/${id}`).set(staff.headers)
      await staff.remove()
    }
  }, 60_000)

  it("lists each profile that shows a post, dated by its newest change, and no profile whose posts are hidden or that was removed", async () => {
    const member = () => feedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET, "mapped")
    const [posted, edited, hidden, silent, removed] = [await member(), await member(), await member(), await member(), await member()]
    await ctx.db.query("update bff.users set updated_at = '2026-01-02T03:04:05Z' where id = any($1)", [[posted.id, hidden.id, removed.id]])
    await insertedPost(ctx.db, posted.id, { createdAt: new Date("2026-03-01T10:00:00Z") })
    await insertedPost(ctx.db, posted.id, { createdAt: new Date("2026-05-06T07:08:09.123Z") })
    await ctx.db.query("update bff.users set updated_at = '2026-08-01T00:00:00Z' where id = $1", [edited.id])
    await insertedPost(ctx.db, edited.id, { createdAt: new Date("2026-04-01T00:00:00Z") })
    const hiddenPost = await insertedPost(ctx.db, hidden.id)
    await ctx.db.query("update bff.fitfeed_posts set hidden_at = now() where id = $1", [hiddenPost])
    await insertedPost(ctx.db, removed.id)
    await ctx.db.query("delete from bff.users where id = $1", [removed.id])

    const urls = urlsOf((await freshSitemap().get("/sitemap.xml")).text)
    expect(urls.get(shopUrl(`/fit/@${posted.handle}`))).toBe("2026-05-06T07:08:09Z")
    expect(urls.get(shopUrl(`/fit/@${edited.handle}`))).toBe("2026-08-01T00:00:00Z")
    for (const unlisted of [hidden, silent, removed]) expect(urls.has(shopUrl(`/fit/@${unlisted.handle}`)), unlisted.handle).toBe(false)
  })

  it("keeps a build for its time, then sends the last one while the next is built", async () => {
    const kept = freshSitemap()
    const expiring = freshSitemap({ freshForMs: 0 })
    await Promise.all([kept.get("/sitemap.xml"), expiring.get("/sitemap.xml")])
    const newcomer = await feedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET, "newcomer")
    await insertedPost(ctx.db, newcomer.id)
    const url = shopUrl(`/fit/@${newcomer.handle}`)
    expect(urlsOf((await kept.get("/sitemap.xml")).text).has(url)).toBe(false)
    expect(urlsOf((await expiring.get("/sitemap.xml")).text).has(url)).toBe(false)
    await expect.poll(async () => urlsOf((await expiring.get("/sitemap.xml")).text).has(url)).toBe(true)
  })

  it("is sent gzipped to a client that takes it", async () => {
    const response = await freshSitemap().get("/sitemap.xml").set("Accept-Encoding", "gzip")
    expect(response.headers["content-encoding"]).toBe("gzip")
    expect(response.headers["cache-control"]).toBe("public, max-age=600")
    expect(urlsOf(response.text).has(shopUrl("/"))).toBe(true)
  })
})

describe("a sitemap over the limit of one file", () => {
  const entries: SitemapEntry[] = Array.from({ length: 7 }, (_, n) => ({
    path: `/product/prod_${n}?a=1&b=<${n}>`,
    lastModified: n === 5 ? null : new Date(Date.UTC(2026, 0, 1 + n)),
  }))

  it("becomes an index of files holding at most the limit each, every address once, each file dated by its newest", () => {
    const sitemap = buildSitemap(entries, TEST_PUBLIC_URL, 3)
    const index = xmlRoot(sitemap.root.xml)
    expect(index.tagName).toBe("sitemapindex")
    expect([...index.getElementsByTagName("loc")].map((loc) => loc.textContent)).toEqual([1, 2, 3].map((n) => shopUrl(`/sitemaps/${n}.xml`)))
    expect([...index.getElementsByTagName("lastmod")].map((lastmod) => lastmod.textContent)).toEqual([
      "2026-01-03T00:00:00Z",
      "2026-01-05T00:00:00Z",
      "2026-01-07T00:00:00Z",
    ])
    const files = sitemap.files.map((file) => urlsOf(file.xml))
    expect(files.map((file) => file.size)).toEqual([3, 3, 1])
    const all = new Map(files.flatMap((file) => [...file]))
    expect([...all.keys()]).toEqual(entries.map((entry) => new URL(entry.path, TEST_PUBLIC_URL).toString()))
    expect(all.get(new URL(entries[5]!.path, TEST_PUBLIC_URL).toString())).toBeNull()
    expect(sitemap.files[0]!.xml).toContain("?a=1&amp;b=%3C0%3E</loc>")
  })

  it("stays one file up to the limit", () => {
    const sitemap = buildSitemap(entries, TEST_PUBLIC_URL, 7)
    expect(sitemap.files).toEqual([])
    expect(urlsOf(sitemap.root.xml).size).toBe(7)
  })

  it("is served as /sitemap.xml and /sitemaps/{n}.xml, and no file past the last", async () => {
    const split = freshSitemap({ urlsPerFile: 20 })
    const index = await split.get("/sitemap.xml")
    expect(index.headers["content-type"]).toBe("application/xml; charset=utf-8")
    const locs = [...xmlRoot(index.text).getElementsByTagName("loc")].map((loc) => loc.textContent!)
    expect(locs.length).toBeGreaterThan(1)
    expect(locs).toEqual(locs.map((_, n) => shopUrl(`/sitemaps/${n + 1}.xml`)))
    const seen = new Set<string>()
    for (const loc of locs) {
      const file = await split.get(new URL(loc).pathname)
      expect(file.status).toBe(200)
      const urls = urlsOf(file.text)
      expect(urls.size).toBeLessThanOrEqual(20)
      for (const url of urls.keys()) seen.add(url)
    }
    expect(seen.has(shopUrl("/"))).toBe(true)
    for (const path of [`/sitemaps/${locs.length + 1}.xml`, "/sitemaps/0.xml", "/sitemaps/1.txt"]) expect((await split.get(path)).status).toBe(404)
  })
})
