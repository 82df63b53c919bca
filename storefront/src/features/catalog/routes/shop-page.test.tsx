import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { calledUrls, jsonResponse, mockFetch } from "@/testing/mock-fetch"
import { buildProduct } from "@/testing/product-factory"
import { createQueryClient } from "@/lib/react-query"
import { pageCameWith } from "@/testing/server-answers"
import { currentLocation, renderApp } from "@/testing/test-utils"
import type { Product } from "@fitshop/contracts"

const productsResponseBody = (products: Product[], total = products.length) => ({ products, total })
const productsResponse = (products: Product[], total = products.length) => jsonResponse(productsResponseBody(products, total))

/** Search params of the latest GET /api/products. */
const lastListParams = (fetchMock: ReturnType<typeof mockFetch>) => calledUrls(fetchMock, "/api/products").at(-1)?.searchParams

const locationParams = () => new URL(currentLocation() ?? "", window.location.origin).searchParams

async function openFilters() {
  fireEvent.click(await screen.findByRole("button", { name: "Filters" }))
  return screen.getByRole("dialog", { name: "Filters" })
}

describe("/shop", () => {
  it("renders a card per product from the API response", async () => {
    const hoodie = buildProduct({ title: "Night Rider Hoodie", basePrice: 189900 })
    const polo = buildProduct({ title: "Concrete Polo", basePrice: 99900 })
    mockFetch(() => productsResponse([hoodie, polo]))

    renderApp("/shop")

    const cards = await screen.findAllByTestId("product-card")
    expect(cards).toHaveLength(2)
    expect(screen.getByRole("link", { name: /Night Rider Hoodie/ })).toHaveAttribute("href", `/product/${hoodie.id}`)
    expect(screen.getByText("₹1,899.00")).toBeInTheDocument()
    expect(screen.getByText("₹999.00")).toBeInTheDocument()
  })

  it("paints the first page the address came with at once, without asking the API", () => {
    const tee = buildProduct({ title: "Cotton Kurta Tee", gender: "WOMEN" })
    pageCameWith({
      "/api/products?active=true&fabric=Cotton&gender=WOMEN&limit=24&offset=0&sort=price_asc": productsResponseBody([tee]),
    })
    const fetchMock = mockFetch(() => productsResponse([]))

    renderApp("/shop?g=WOMEN&sort=price_asc&fabric=Cotton", { queryClient: createQueryClient() })

    expect(screen.getAllByTestId("product-card")).toHaveLength(1)
    expect(screen.getByRole("link", { name: /Cotton Kurta Tee/ })).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/products")).toEqual([])
  })

  it("asks the API when the page came with another listing than the address shows", async () => {
    pageCameWith({ "/api/products?active=true&gender=MEN&limit=24&offset=0&sort=popular": productsResponseBody([buildProduct()]) })
    const fetchMock = mockFetch(() => productsResponse([buildProduct({ title: "Asked For" })]))

    renderApp("/shop?g=WOMEN", { queryClient: createQueryClient() })

    expect(await screen.findByRole("link", { name: /Asked For/ })).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/products")).toHaveLength(1)
  })

  it("shows skeletons while loading", async () => {
    mockFetch(() => new Promise<Response>(() => undefined))

    renderApp("/shop")

    expect(await screen.findByRole("status", { name: "Loading products" })).toBeInTheDocument()
    expect(screen.queryAllByTestId("product-card")).toHaveLength(0)
  })

  it("shows the empty text for an empty list", async () => {
    mockFetch(() => productsResponse([]))

    renderApp("/shop")

    expect(await screen.findByText("Nothing here yet. Try another subcategory or switch to Lowers/Uppers.")).toBeInTheDocument()
  })

  it("shows the error text when the API answers 500", async () => {
    mockFetch(() => jsonResponse({ error: "Internal error" }, 500))

    renderApp("/shop")

    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load products")
    expect(screen.queryByTestId("product-card")).toBeNull()
  })

  it("asks for active men products by default", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))

    renderApp("/shop")
    await screen.findByText(/Nothing here yet/)

    const [url] = calledUrls(fetchMock, "/api/products")
    expect(url?.pathname).toBe("/api/products")
    expect(url?.search).toBe("?active=true&gender=MEN&sort=popular&limit=24&offset=0")
  })

  it("sends type and subcategory for men from the URL", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))

    renderApp("/shop?g=MEN&type=LOWERS&sub=Cargo%20pants")
    await screen.findByText(/Nothing here yet/)

    const params = calledUrls(fetchMock, "/api/products")[0]?.searchParams
    expect(params?.get("categoryType")).toBe("LOWERS")
    expect(params?.get("subcategory")).toBe("Cargo pants")
    expect(params?.has("styleGroup")).toBe(false)
    expect(screen.getByRole("button", { name: "Cargo pants" })).toHaveAttribute("aria-pressed", "true")
  })

  it("choosing LOWERS selects its first subcategory and reloads", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))

    renderApp("/shop?g=MEN&type=UPPERS&sub=Polo")
    await screen.findByText(/Nothing here yet/)
    fireEvent.click(screen.getByRole("button", { name: "LOWERS" }))
    await screen.findByRole("button", { name: "Jeans" })

    const last = calledUrls(fetchMock, "/api/products").at(-1)?.searchParams
    expect(last?.get("categoryType")).toBe("LOWERS")
    expect(last?.get("subcategory")).toBe("Jeans")
    expect(screen.getByRole("button", { name: "Jeans" })).toHaveAttribute("aria-pressed", "true")
  })

  it("switching to WOMEN shows the style switch and sends the style group", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))

    renderApp("/shop?g=MEN&type=UPPERS&sub=Hoodies")
    await screen.findByText(/Nothing here yet/)
    fireEvent.click(screen.getByRole("button", { name: "WOMEN" }))
    fireEvent.click(await screen.findByRole("button", { name: "TRADITIONS" }))
    await screen.findByText(/Nothing here yet/)

    expect(screen.queryByRole("button", { name: "UPPERS" })).toBeNull()
    const last = calledUrls(fetchMock, "/api/products").at(-1)?.searchParams
    expect(last?.get("gender")).toBe("WOMEN")
    expect(last?.get("styleGroup")).toBe("TRADITIONS")
    expect(last?.has("categoryType")).toBe(false)
    expect(last?.has("subcategory")).toBe(false)
  })
})

describe("/shop navigation state", () => {
  it("moves gender, initialType and initialSub from navigation state into the URL", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))

    renderApp({ pathname: "/shop", search: "?fabric=Denim", state: { gender: "MEN", initialType: "LOWERS", initialSub: "Slim fit" } })

    await waitFor(() => {
      expect(currentLocation()).toBe("/shop?fabric=Denim&g=MEN&type=LOWERS&sub=Slim+fit")
    })
    await screen.findByText(/Nothing here yet/)
    expect(screen.getByRole("button", { name: "Slim fit" })).toHaveAttribute("aria-pressed", "true")
    const sent = calledUrls(fetchMock, "/api/products").map((url) => url.searchParams.get("subcategory"))
    expect(new Set(sent)).toEqual(new Set(["Slim fit"]))
  })
})

describe("/shop filters", () => {
  it("choosing a fabric and a price range writes them to the URL and asks the API for them", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))
    renderApp("/shop?g=MEN&type=LOWERS&sub=Jeans")
    await screen.findByText(/Nothing here yet/)

    const panel = await openFilters()
    fireEvent.click(within(panel).getByRole("button", { name: "Denim" }))
    fireEvent.click(within(panel).getByRole("button", { name: "1500 – 2000" }))

    await waitFor(() => {
      expect(lastListParams(fetchMock)?.get("priceRange")).toBe("1500-2000")
    })
    const params = lastListParams(fetchMock)
    expect(params?.get("fabric")).toBe("Denim")
    expect(params?.get("categoryType")).toBe("LOWERS")
    expect(params?.get("subcategory")).toBe("Jeans")
    expect(locationParams().get("fabric")).toBe("Denim")
    expect(locationParams().get("priceRange")).toBe("1500-2000")
    expect(locationParams().get("sub")).toBe("Jeans")
    expect(within(panel).getByRole("button", { name: "Denim" })).toHaveAttribute("aria-pressed", "true")
  })

  it("keeps every change made in quick succession, before the page shows the first", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))
    renderApp("/shop?g=MEN&type=LOWERS&sub=Jeans")
    await screen.findByText(/Nothing here yet/)

    const panel = await openFilters()
    const denim = within(panel).getByRole("button", { name: "Denim" })
    const price = within(panel).getByRole("button", { name: "1500 – 2000" })
    const sort = within(panel).getByLabelText("Sort")
    // One act: React renders once after all three, so each handler runs with the filters shown before them.
    act(() => {
      fireEvent.click(denim)
      fireEvent.click(price)
      fireEvent.change(sort, { target: { value: "price_asc" } })
    })

    await waitFor(() => {
      expect(lastListParams(fetchMock)?.get("sort")).toBe("price_asc")
    })
    expect(lastListParams(fetchMock)?.get("fabric")).toBe("Denim")
    expect(lastListParams(fetchMock)?.get("priceRange")).toBe("1500-2000")
    expect(locationParams().get("fabric")).toBe("Denim")
    expect(locationParams().get("priceRange")).toBe("1500-2000")
  })

  it("pressing a chosen option again clears it, and Clear all clears every filter", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))
    renderApp("/shop?fabric=Denim&priceRange=under-500&colorName=Black&sort=newest")
    await screen.findByText(/Nothing here yet/)

    const panel = await openFilters()
    fireEvent.click(within(panel).getByRole("button", { name: "Denim" }))
    await waitFor(() => {
      expect(lastListParams(fetchMock)?.has("fabric")).toBe(false)
    })
    expect(locationParams().has("fabric")).toBe(false)
    expect(lastListParams(fetchMock)?.get("priceRange")).toBe("under-500")

    fireEvent.click(within(panel).getByRole("button", { name: "Clear all" }))
    await waitFor(() => {
      expect(lastListParams(fetchMock)?.has("priceRange")).toBe(false)
    })
    expect(lastListParams(fetchMock)?.has("colorName")).toBe(false)
    expect(lastListParams(fetchMock)?.get("sort")).toBe("newest")
    expect(locationParams().has("priceRange")).toBe(false)
    expect(locationParams().has("colorName")).toBe(false)
    expect(within(panel).getByRole("button", { name: "Black" })).toHaveAttribute("aria-pressed", "false")
  })

  it("restores every filter and the sort from a shared URL", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))
    renderApp(
      "/shop?g=MEN&type=UPPERS&sub=Polo&sort=price_asc&priceRange=1500-2000&collarStyle=WITH_COLLAR" +
        "&sleeveType=HALF&fabric=Denim&colorName=Blue&seasonFit=SUMMER&genre=Anime",
    )
    await screen.findByText(/Nothing here yet/)

    const params = calledUrls(fetchMock, "/api/products")[0]?.searchParams
    expect(Object.fromEntries(params?.entries() ?? [])).toEqual({
      active: "true",
      gender: "MEN",
      categoryType: "UPPERS",
      subcategory: "Polo",
      sort: "price_asc",
      priceRange: "1500-2000",
      collarStyle: "WITH_COLLAR",
      sleeveType: "HALF",
      fabric: "Denim",
      colorName: "Blue",
      seasonFit: "SUMMER",
      genre: "Anime",
      limit: "24",
      offset: "0",
    })

    const panel = await openFilters()
    expect(within(panel).getByLabelText("Sort")).toHaveValue("price_asc")
    for (const name of ["1500 – 2000", "With collar", "Half sleeve", "Denim", "Blue", "Summer", "Anime"]) {
      expect(within(panel).getByRole("button", { name })).toHaveAttribute("aria-pressed", "true")
    }
    expect(within(panel).getByRole("button", { name: "Cotton" })).toHaveAttribute("aria-pressed", "false")
    expect(screen.getByRole("button", { name: "Filters" })).toHaveTextContent("7")
  })

  it("drops unknown filter values from the URL instead of sending them to the API", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))
    renderApp("/shop?fabric=Silk&priceRange=cheap&sort=random&colorName=black")
    await screen.findByText(/Nothing here yet/)

    const params = calledUrls(fetchMock, "/api/products")[0]?.searchParams
    expect(params?.has("fabric")).toBe(false)
    expect(params?.has("priceRange")).toBe(false)
    expect(params?.get("sort")).toBe("popular")
    expect(params?.get("colorName")).toBe("Black")
  })

  it("keeps the filters when the gender changes", async () => {
    const fetchMock = mockFetch(() => productsResponse([]))
    renderApp("/shop?g=MEN&type=UPPERS&sub=Polo&fabric=Cotton")
    await screen.findByText(/Nothing here yet/)

    fireEvent.click(screen.getByRole("button", { name: "WOMEN" }))

    await waitFor(() => {
      expect(lastListParams(fetchMock)?.get("gender")).toBe("WOMEN")
    })
    expect(lastListParams(fetchMock)?.get("fabric")).toBe("Cotton")
  })

  it("opens as a bottom sheet on small screens and as a side panel from 1024px", async () => {
    mockFetch(() => productsResponse([]))
    const matchMedia = vi.fn((query: string) => ({
      matches: query === "(min-width: 1024px)",
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }))
    vi.stubGlobal("matchMedia", matchMedia)
    renderApp("/shop")

    const panel = await openFilters()

    expect(panel).toHaveClass("filter-panel--side")
    expect(matchMedia).toHaveBeenCalledWith("(min-width: 1024px)")
  })

  it("is a bottom sheet where the wide-screen query does not match, and Apply closes it", async () => {
    mockFetch(() => productsResponse([]))
    renderApp("/shop")

    const panel = await openFilters()
    expect(panel).toHaveClass("filter-panel--sheet")
    expect(panel).toHaveAttribute("aria-modal", "true")
    expect(panel).toContainElement(document.activeElement as HTMLElement)

    fireEvent.click(within(panel).getByRole("button", { name: "Apply" }))
    expect(screen.queryByRole("dialog")).toBeNull()

    fireEvent.keyDown(await openFilters(), { key: "Escape" })
    expect(screen.queryByRole("dialog")).toBeNull()
  })
})

describe("/shop sort", () => {
  it("writes the chosen sort to the URL and reloads the list with it; Popular removes it", async () => {
    const cheap = buildProduct({ title: "Cheap Tee", basePrice: 49900 })
    const dear = buildProduct({ title: "Dear Hoodie", basePrice: 299900 })
    const fetchMock = mockFetch((url) => productsResponse(url.searchParams.get("sort") === "price_asc" ? [cheap, dear] : [dear, cheap]))
    renderApp("/shop")
    await screen.findAllByTestId("product-card")

    const panel = await openFilters()
    const sort = within(panel).getByRole("combobox", { name: "Sort" })
    expect(
      within(sort)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Popular", "Price: Low → High", "Price: High → Low", "Newest"])
    fireEvent.change(sort, { target: { value: "price_asc" } })

    await waitFor(() => {
      expect(lastListParams(fetchMock)?.get("sort")).toBe("price_asc")
    })
    expect(locationParams().get("sort")).toBe("price_asc")
    await waitFor(() => {
      expect(screen.getAllByTestId("product-card").map((card) => card.textContent)).toEqual([
        expect.stringContaining("Cheap Tee"),
        expect.stringContaining("Dear Hoodie"),
      ])
    })

    fireEvent.change(sort, { target: { value: "popular" } })
    await waitFor(() => {
      expect(lastListParams(fetchMock)?.get("sort")).toBe("popular")
    })
    expect(locationParams().has("sort")).toBe(false)
  })

  it("lists the price ranges with the spec labels", async () => {
    mockFetch(() => productsResponse([]))
    renderApp("/shop")

    const panel = await openFilters()
    const price = within(panel).getByRole("group", { name: "Price" })
    expect(
      within(price)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Under 500", "500 – 1000", "1000 – 1500", "1500 – 2000", "2000 – 3000", "Above 3000"])
  })
})

describe("/shop load more", () => {
  const catalogue = Array.from({ length: 30 }, (_, index) => buildProduct({ title: `Catalogue Item ${String(index)}` }))

  const servePages = () =>
    mockFetch((url) => {
      const offset = Number(url.searchParams.get("offset"))
      const limit = Number(url.searchParams.get("limit"))
      return productsResponse(catalogue.slice(offset, offset + limit), catalogue.length)
    })

  it("fetches the next page from the loaded count and stops at the total", async () => {
    const fetchMock = servePages()
    renderApp("/shop?fabric=Cotton")

    expect(await screen.findAllByTestId("product-card")).toHaveLength(24)
    fireEvent.click(screen.getByRole("button", { name: "Load more" }))

    await waitFor(() => {
      expect(screen.getAllByTestId("product-card")).toHaveLength(30)
    })
    const calls = calledUrls(fetchMock, "/api/products")
    expect(calls.map((url) => url.searchParams.get("offset"))).toEqual(["0", "24"])
    expect(calls[1]?.searchParams.get("fabric")).toBe("Cotton")
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
  })

  it("has no Load more button when the first page holds everything", async () => {
    mockFetch(() => productsResponse([buildProduct()], 1))
    renderApp("/shop")

    await screen.findAllByTestId("product-card")
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
  })

  it("loads the next page when the end of the list scrolls into view", async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = []
    class FakeIntersectionObserver {
      readonly targets: Element[] = []
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this)
      }
      observe(target: Element) {
        this.targets.push(target)
      }
      disconnect() {
        this.targets.length = 0
      }
    }
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver)
    const fetchMock = servePages()
    renderApp("/shop")
    await screen.findAllByTestId("product-card")

    const observer = observers.find((candidate) => candidate.targets.length > 0)
    expect(observer).toBeDefined()
    const entry = { isIntersecting: true, target: observer?.targets[0] } as IntersectionObserverEntry
    observer?.callback([entry], observer as unknown as IntersectionObserver)

    await waitFor(() => {
      expect(screen.getAllByTestId("product-card")).toHaveLength(30)
    })
    expect(calledUrls(fetchMock, "/api/products").map((url) => url.searchParams.get("offset"))).toEqual(["0", "24"])
  })
})
