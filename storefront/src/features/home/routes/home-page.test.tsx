import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { createQueryClient } from "@/lib/react-query"
import { calledUrls, callsTo, errorResponse, jsonResponse, mockSessionApi } from "@/testing/mock-fetch"
import { deferred } from "@/testing/deferred"
import { buildProduct } from "@/testing/product-factory"
import { pageCameWith } from "@/testing/server-answers"
import { renderApp } from "@/testing/test-utils"
import { DROPS_PATH, type DropListing } from "@fitshop/contracts"

const MARQUEE_TEXT = ["PREMIUM • STREETWEAR", "LIMITED • DROPS", "UPPERS", "LOWERS", "FITFEED • LIVE"]

describe("/ (home page)", () => {
  it("orders its headings: the hero h1, then the h2 sections", async () => {
    mockSessionApi(null, () => errorResponse("Not found", 404))

    renderApp("/")

    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1)
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Build Your Fit with")
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["Shop by category", "Street Legends", "FITFEED LIVE"])
    expect(await screen.findByText("No fits posted yet.")).toBeInTheDocument()
  })

  it("runs the marquee with a second copy hidden from screen readers", () => {
    mockSessionApi(null, () => errorResponse("Not found", 404))

    const { container } = renderApp("/")

    const groups = container.querySelectorAll(".home-marquee__group")
    expect(groups).toHaveLength(2)
    expect(groups[0]).not.toHaveAttribute("aria-hidden")
    expect(groups[1]).toHaveAttribute("aria-hidden", "true")
    for (const group of groups) {
      expect(
        within(group as HTMLElement)
          .getAllByRole("listitem", { hidden: true })
          .map((item) => item.textContent),
      ).toEqual(MARQUEE_TEXT)
    }
  })

  it("offers the footer with three social links and the early-access form", () => {
    mockSessionApi(null, () => errorResponse("Not found", 404))

    renderApp("/")

    const social = screen.getByRole("list", { name: "Social" })
    const links = within(social).getAllByRole("link")
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["https://instagram.com", "https://youtube.com", "https://x.com"])
    for (const link of links) {
      expect(link).toHaveAttribute("rel", "noopener noreferrer")
      expect(link).toHaveAttribute("target", "_blank")
    }
    expect(screen.getByRole("form", { name: "Get early access" })).toBeInTheDocument()
  })

  it("links 'Live drop now' to the first live drop's product page, once GET /api/drops says one is live", async () => {
    const answer = deferred<Response>()
    const drops: DropListing[] = [
      { productId: "prod_upcoming", title: "Later Tee", startsAt: "2026-12-24T14:30:00.000Z", live: false, remaining: 20 },
      { productId: "prod_live", title: "Midnight Drop Tee", startsAt: "2026-12-07T14:30:00.000Z", live: true, remaining: 3 },
      { productId: "prod_live_too", title: "Second Drop Tee", startsAt: "2026-12-07T15:30:00.000Z", live: true, remaining: 9 },
    ]
    mockSessionApi(null, (url) => (url.pathname === DROPS_PATH ? answer.promise : errorResponse("Not found", 404)))

    renderApp("/")
    // Nothing is claimed before the answer.
    expect(screen.queryByText("Live drop now")).toBeNull()
    answer.resolve(jsonResponse({ drops }))

    const badge = await screen.findByRole("link", { name: /^Live drop now/ })
    expect(badge).toHaveAttribute("href", "/product/prod_live")
    expect(badge).toHaveTextContent("Live drop now")
  })

  it("shows no live badge when no drop is live, or when GET /api/drops fails", async () => {
    const upcoming: DropListing = { productId: "prod_upcoming", title: "Later Tee", startsAt: "2026-12-24T14:30:00.000Z", live: false, remaining: 20 }
    for (const answerDrops of [() => jsonResponse({ drops: [upcoming] }), () => errorResponse("unavailable", 503)]) {
      const fetchMock = mockSessionApi(null, (url) => (url.pathname === DROPS_PATH ? answerDrops() : errorResponse("Not found", 404)))
      const { unmount } = renderApp("/")
      await waitFor(() => {
        expect(callsTo(fetchMock, "GET", DROPS_PATH).length).toBeGreaterThan(0)
      })
      expect(await screen.findByText("No fits posted yet.")).toBeInTheDocument()
      expect(screen.queryByText("Live drop now")).toBeNull()
      unmount()
    }
  })

  it("paints the covers and best sellers the page came with at once, without asking the API", () => {
    const cover = (subcategory: string) => ({ products: [buildProduct({ subcategory })], total: 1 })
    const legends = Array.from({ length: 8 }, (_, index) => buildProduct({ title: `Legend ${String(index + 1)}` }))
    pageCameWith({
      "/api/products?active=true&categoryType=UPPERS&gender=MEN&limit=1&subcategory=Hoodies": cover("Hoodies"),
      "/api/products?active=true&categoryType=UPPERS&gender=MEN&limit=1&subcategory=Polo": cover("Polo"),
      "/api/products?active=true&categoryType=UPPERS&gender=MEN&limit=1&subcategory=Oversized": cover("Oversized"),
      "/api/products?active=true&categoryType=UPPERS&gender=MEN&limit=1&subcategory=Regular": cover("Regular"),
      "/api/products?active=true&limit=8&sort=popular": { products: legends, total: 8 },
    })
    const fetchMock = mockSessionApi(null, () => errorResponse("Not found", 404))

    // The app's own client: the answers are as fresh as the page, so nothing is fetched again at once.
    renderApp("/", { queryClient: createQueryClient() })

    expect(screen.getAllByTestId("category-tile").filter((tile) => tile.querySelector("img"))).toHaveLength(4)
    expect(screen.getAllByTestId("best-seller-card")).toHaveLength(8)
    expect(calledUrls(fetchMock, "/api/products")).toEqual([])
  })
})
