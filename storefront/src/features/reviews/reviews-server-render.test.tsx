import { describe, expect, it } from "vitest"
import { renderPage } from "@/entry-server"
import type { PageRenderRequest } from "@fitshop/contracts"
import { buildProductDetail, buildReview } from "./testing/review-factory"

/** A product with a rating, a fit verdict and a size, and its first page of reviews, as the BFF hands them to the render. */
function reviewedProductPage(): PageRenderRequest {
  const product = buildProductDetail({
    rating: { average: 4.3, count: 12 },
    fit: { verdict: "SMALL", n: 9, share: 7 / 9 },
    variants: [{ id: "v_m", size: "M", sizeSystem: "IN", sku: null, stockOnHand: 3, inStock: true, measurements: null }],
    availableSizes: ["M"],
  })
  const review = buildReview({
    productId: product.id,
    text: "Sits well on the shoulders.",
    postId: "7001",
    photo: { url: "/media/r.webp", thumbnailUrl: "/media/r-480.webp" },
  })
  return {
    url: `/product/${product.id}`,
    origin: window.location.origin,
    sentAt: Date.now(),
    answers: {
      [`/api/products/${product.id}`]: { product, recommendations: { more: [], alsoLike: [] } },
      [`/api/products/${product.id}/reviews`]: { reviews: [review], nextCursor: null },
    },
  }
}

describe("the product page's server render", () => {
  it("paints the rating, the fit verdict and the first reviews the page came with", () => {
    const page = renderPage(reviewedProductPage())!

    const html = document.createElement("div")
    html.innerHTML = page.html
    expect(html.querySelector(".rating-summary")?.textContent).toContain("4.3 · 12 ratings")
    expect(html.textContent).toContain("Runs small · 7 of 9 buyers")
    expect(html.querySelector("#reviews")?.textContent).toContain("Sits well on the shoulders.")
    expect(page.html).not.toMatch(/\sstyle="/)
  })
})
