import sharp from "sharp"
import { bearer, buyByCashOnDelivery, deliver, productInStock, signIn } from "./shopper"
import { expect, test, verifiedAccount } from "./support"

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

test("a search engine finds robots.txt and the sitemap, and a shared FITFEED post's link previews with its words and photo", async ({ browser, request }) => {
  // A purchase through Medusa and a delivery before the post.
  test.setTimeout(120_000)

  const robots = await request.get("/robots.txt")
  expect(robots.status()).toBe(200)
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/)
  const rules = await robots.text()
  expect(rules).toContain("User-agent: *")
  expect(rules).toContain("Disallow: /api/")
  expect(rules).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m)

  const sitemap = await request.get("/sitemap.xml")
  expect(sitemap.status()).toBe(200)
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8")
  const xml = await sitemap.text()
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
  expect(xml).toMatch(/<url><loc>https?:\/\/[^<]+\/product\/prod_[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod><\/url>/)
  expect(xml).not.toContain("<html")

  // A buyer whose order was delivered posts a fit, as the create-post dialog sends it.
  const author = await verifiedAccount(request, "found")
  const page = await (await browser.newContext()).newPage()
  await signIn(page, author)
  const { product, size } = await productInStock(page)
  await deliver(page, await buyByCashOnDelivery(page, product.id, size))
  const picture = await sharp({ create: { width: 900, height: 1125, channels: 3, background: { r: 90, g: 40, b: 30 } } })
    .jpeg()
    .toBuffer()
  const created = await page.request.post("/api/fitfeed/posts", {
    headers: await bearer(page),
    data: { kind: "REGULAR", productId: product.id, text: "Found it first try", imageUrl: `data:image/jpeg;base64,${picture.toString("base64")}` },
  })
  expect(created.status()).toBe(201)
  const { post } = (await created.json()) as { post: { id: string; imageUrl: string } }

  // What a link preview fetches: the page's HTML, no script run.
  const shared = await request.get(`/fitfeed/${post.id}`)
  expect(shared.status()).toBe(200)
  const html = await shared.text()
  expect(html).toMatch(/<meta property="og:type" content="article" \/>/)
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="${escapeRegExp(author.name)}&#39;s fit in the [^"]+" />`))
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="https?://[^"]+${escapeRegExp(post.imageUrl)}" />`))
  expect(html).toContain("Found it first try")
})
