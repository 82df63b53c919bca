import { describe, expect, it } from "vitest"
import { renderPage } from "@/entry-server"
import { SEARCH_API_PATH, searchFirstRead, searchMeta, sortedUrl, type PageRenderRequest, type SearchAnswer } from "@fitshop/contracts"
import { buildListedProduct, buildSearchAnswer } from "./testing/search-factory"

/** A /search address as the BFF renders it: with its answer to the read searchFirstRead names, keyed as the page looks it up. */
function searchPage(url: string, answer: SearchAnswer): PageRenderRequest {
  const read = searchFirstRead(new URL(url, window.location.origin).searchParams)!
  return { url, origin: window.location.origin, sentAt: Date.now(), answers: { [sortedUrl(SEARCH_API_PATH, read.params)]: answer } }
}

const parsed = (html: string) => {
  const element = document.createElement("div")
  element.innerHTML = html
  return element
}

describe("the search page's server render", () => {
  it("paints the results, facets and count the page came with, indexed under its query", () => {
    const answer = buildSearchAnswer({
      query: "black hoodie",
      products: [buildListedProduct({ title: "Night Rider Hoodie" }), buildListedProduct({ title: "Bone Zip Hoodie" })],
      total: 2,
      facets: { ...buildSearchAnswer().facets, colorName: [{ value: "Black", count: 2 }] },
    })

    const page = renderPage(searchPage("/search?q=black+hoodie&colorName=Black", answer))!

    const html = parsed(page.html)
    expect(page.status).toBe(200)
    expect(html.querySelector("h1")?.textContent).toBe("Results for “black hoodie”")
    expect(html.textContent).toContain("2 products")
    expect([...html.querySelectorAll(".product-card__title")].map((title) => title.textContent)).toEqual(["Night Rider Hoodie", "Bone Zip Hoodie"])
    expect(html.querySelector<HTMLInputElement>('.search-facet input[type="checkbox"]')?.checked).toBe(true)
    expect(html.querySelector('form[role="search"][action="/search"] input[name="q"]')).not.toBeNull()
    expect(page.meta).toEqual({
      title: "Search results for “black hoodie” | Build Your Fit",
      description: "2 products for “black hoodie”: streetwear for men and women, delivered across India.",
      canonicalPath: "/search?q=black+hoodie",
      noindex: false,
    })
    expect(page.html).not.toMatch(/\sstyle="/)
  })

  it("keeps a search that found nothing out of indexes, painting its fallback and what's trending", () => {
    const message = "No products for “zzqx” yet: here's what's trending."
    const answer = buildSearchAnswer({
      query: "zzqx",
      products: [],
      total: 0,
      fallback: { kind: "trending", message },
      trending: [buildListedProduct({ title: "Street Legend Tee" })],
    })

    const page = renderPage(searchPage("/search?q=zzqx", answer))!

    const html = parsed(page.html)
    expect(html.textContent).toContain(message)
    expect(html.textContent).toContain("0 products")
    expect(html.textContent).toContain("Trending now")
    expect(html.querySelector(".product-card__title")?.textContent).toBe("Street Legend Tee")
    expect(page.meta).toMatchObject({ canonicalPath: null, noindex: true })
  })

  it("renders a query too short to search as the field and the hint, kept out of indexes", () => {
    const page = renderPage({ url: "/search?q=a", origin: window.location.origin, sentAt: Date.now(), answers: {} })!

    expect(page.html).toContain("Type at least 2 letters to search")
    expect(page.meta).toEqual(searchMeta("", 0))
    expect(page.meta).toMatchObject({ title: "Search | Build Your Fit", noindex: true })
  })
})
