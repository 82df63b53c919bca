import { afterEach, describe, expect, it } from "vitest"
import { errorResponse, mockFetch } from "@/testing/mock-fetch"
import { buildProduct } from "@/testing/product-factory"
import { buildListedProduct, buildSearchAnswer } from "@/features/search/testing/search-factory"
import { hydrateApp, unmountHydratedApp } from "@/testing/hydrate-app"
import { pageCameWith } from "@/testing/server-answers"
import type { PageRenderRequest } from "@fitshop/contracts"
import { renderPage } from "./entry-server"

const product = buildProduct({ id: "prod_tee", title: "Boxy Tee", basePrice: 79900, colorName: "Black", colorHex: "#111111" })
const SHOP_READ = "/api/products?active=true&gender=MEN&limit=24&offset=0&sort=popular"
const shopAnswers = { [SHOP_READ]: { products: [product], total: 1 } }
const productAnswers = { [`/api/products/${product.id}`]: { product, recommendations: { more: [], alsoLike: [] } } }
// A drop a day away: its countdown depends on the browser's clock, so the server paints none and the browser adds it after.
const dropProduct = buildProduct({
  id: "prod_drop",
  title: "Drop Tee",
  drop: { startsAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(), limitPerShopper: 1 },
})
const dropAnswers = { [`/api/products/${dropProduct.id}`]: { product: dropProduct, recommendations: { more: [], alsoLike: [] } } }

const asked = (url: string, answers: Record<string, unknown> = {}, failures?: Record<string, number>): PageRenderRequest => ({
  url,
  origin: window.location.origin,
  sentAt: Date.now(),
  answers,
  failures,
})

afterEach(() => unmountHydratedApp())

/** What the browser does with a page the server rendered: its HTML in the root, its answers in the head, then hydration. */
async function hydrate(request: PageRenderRequest): Promise<{ container: HTMLElement; recoverable: unknown[] }> {
  const page = renderPage(request)!
  pageCameWith(JSON.stringify({ sentAt: request.sentAt, answers: request.answers, failures: request.failures }))
  window.history.replaceState(null, "", request.url)
  const container = document.createElement("div")
  container.innerHTML = page.html
  document.body.append(container)
  return { container, recoverable: await hydrateApp(container) }
}

describe("the server render", () => {
  it("paints the shop and a product page with the answers they came with, and names them", () => {
    const shop = renderPage(asked("/shop?g=MEN", shopAnswers))!
    expect(shop.status).toBe(200)
    expect(shop.html).toContain("Boxy Tee")
    expect(shop.meta).toMatchObject({ title: "Shop Men's streetwear | Build Your Fit", canonicalPath: "/shop?g=MEN" })

    const page = renderPage(asked(`/product/${product.id}`, productAnswers))!
    expect(page.html).toContain("<h1")
    expect(page.html).toContain("ADD TO BAG")
    expect(page.meta).toMatchObject({ title: "Boxy Tee | Build Your Fit", canonicalPath: `/product/${product.id}` })
    // The shop's policy (style-src 'self') refuses inline styles in HTML: the server's markup must carry none.
    for (const html of [shop.html, page.html]) expect(html).not.toMatch(/\sstyle="/)
  })

  it("paints a product's declarations among its specifications, and no rating figure", () => {
    const declared = buildProduct({ countryOfOrigin: "India", manufacturer: "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604" })
    const page = renderPage(
      asked(`/product/${declared.id}`, { [`/api/products/${declared.id}`]: { product: declared, recommendations: { more: [], alsoLike: [] } } }),
    )!

    const specs = document.createElement("div")
    specs.innerHTML = page.html
    const rows = [...specs.querySelectorAll(".specs__row")].map((row) => [row.querySelector("dt")?.textContent, row.querySelector("dd")?.textContent])
    expect(rows).toContainEqual(["Country of origin", "India"])
    expect(rows).toContainEqual(["Manufacturer / packer / importer", "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604"])
    expect(page.html).not.toMatch(/\bratings?\b|★/i)
  })

  it("answers 404 with the 404 page for an unknown address and for a product whose read failed with 404", () => {
    for (const request of [asked("/no/such/page"), asked("/product/gone", {}, { "/api/products/gone": 404 })]) {
      const page = renderPage(request)!
      expect(page.status).toBe(404)
      expect(page.html).toContain("404 - Page Not Found")
      expect(page.meta?.canonicalPath).toBeNull()
    }
  })

  it("paints no 'Live drop now' on the home page: whether a drop is live is the browser's read of GET /api/drops", () => {
    const home = renderPage(asked("/"))!
    expect(home.status).toBe(200)
    expect(home.html).not.toContain("Live drop now")
  })

  it("leaves a person's own pages to the browser", () => {
    for (const url of ["/cart", "/account", "/payments", "/login", "/wishlist"]) expect(renderPage(asked(url))).toBeNull()
  })

  it("resolves the pictures' relative addresses against the origin the page was asked at", () => {
    const page = renderPage({ ...asked(`/product/${product.id}`, productAnswers), origin: "https://shop.example" })!
    expect(page.html).toContain('src="https://shop.example/media/')
  })
})

describe("hydrating what the server painted", () => {
  it.each([
    ["the home page", "/", {}],
    ["the shop", "/shop?g=MEN", shopAnswers],
    ["a product page", `/product/${product.id}`, productAnswers],
    ["a drop's product page before it opens", `/product/${dropProduct.id}`, dropAnswers],
    ["the 404 page", "/no/such/page", {}],
    [
      "a search",
      "/search?q=hoodie&colorName=Black",
      {
        "/api/search?colorName=Black&q=hoodie": buildSearchAnswer({
          query: "hoodie",
          products: [buildListedProduct({ title: "Night Rider Hoodie" })],
          total: 1,
        }),
      },
    ],
  ])("takes over %s without a mismatch", async (_label, url, answers) => {
    // Reads the page did not come with (home's feed preview, the session) find nothing to change the first render.
    mockFetch(() => errorResponse("unavailable", 503))
    const { container, recoverable } = await hydrate(asked(url, answers))
    expect(recoverable).toEqual([])
    expect(container.firstElementChild).not.toBeNull()
  })

  it("paints a drop's page without the countdown (the server's clock is not the shopper's), which the browser adds once it has taken over", async () => {
    mockFetch(() => errorResponse("unavailable", 503))
    const request = asked(`/product/${dropProduct.id}`, dropAnswers)
    expect(renderPage(request)!.html).not.toContain("Drop opens in")

    const { container, recoverable } = await hydrate(request)

    expect(recoverable).toEqual([])
    expect(container.querySelector('[role="timer"]')?.textContent).toMatch(/^Drop opens in (1d 00:00:00|23:59:\d\d)$/)
    expect(container.querySelector("button.add-to-bag__button")).toBeDisabled()
  })

  it("takes over a product that does not exist as the 404 page, without asking for it", async () => {
    const calls = mockFetch(() => errorResponse("unavailable", 503))
    const { container, recoverable } = await hydrate(asked("/product/gone", {}, { "/api/products/gone": 404 }))
    expect(recoverable).toEqual([])
    expect(container.textContent).toContain("404 - Page Not Found")
    expect(calls.mock.calls.map(([input]) => String(input)).filter((url) => url.includes("/api/products/gone"))).toEqual([])
  })
})
