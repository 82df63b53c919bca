import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { SEARCH_API_PATH, sortedUrl, type SearchAnswer } from "@fitshop/contracts"
import { createQueryClient } from "@/lib/react-query"
import { calledUrls, jsonResponse, mockFetch } from "@/testing/mock-fetch"
import { pageCameWith } from "@/testing/server-answers"
import { currentLocation, renderApp } from "@/testing/test-utils"
import { buildListedProduct, buildSearchAnswer } from "../testing/search-factory"

/** Answers GET /api/search with `answer` (given the request's URL) and anything else with 404. */
function answerSearch(answer: (url: URL) => SearchAnswer) {
  return mockFetch((url) => (url.pathname === SEARCH_API_PATH ? jsonResponse(answer(url)) : jsonResponse({ error: "Not found" }, 404)))
}

const searchCalls = (fetchMock: ReturnType<typeof mockFetch>) => calledUrls(fetchMock, SEARCH_API_PATH).filter((url) => url.pathname === SEARCH_API_PATH)

const cardTitles = (container: HTMLElement = document.body) =>
  within(container)
    .queryAllByTestId("product-card")
    .map((card) => card.querySelector(".product-card__title")?.textContent)

describe("/search", () => {
  it("shows the results for the words, their count and the cards, asking the API as the server render does", async () => {
    const products = [buildListedProduct({ title: "Night Rider Hoodie" }), buildListedProduct({ title: "Bone Zip Hoodie" })]
    const fetchMock = answerSearch(() => buildSearchAnswer({ products, total: 31 }))

    renderApp("/search?q=black%20hoodie&sort=relevance&colorName=Nope&utm_source=x")

    expect(await screen.findByText("31 products")).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 1, name: "Results for “black hoodie”" })).toBeInTheDocument()
    expect(await screen.findAllByTestId("product-card")).toHaveLength(2)
    expect(searchCalls(fetchMock).map((url) => url.search)).toEqual(["?q=black+hoodie"])
    expect(document.title).toBe("Search results for “black hoodie” | Build Your Fit")
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
  })

  it("says 1 product, and the corrected words when the query was corrected", async () => {
    answerSearch(() => buildSearchAnswer({ query: "hoddie", total: 1, correctedQuery: "hoodie" }))

    renderApp("/search?q=hoddie")

    expect(await screen.findByText("1 product")).toBeInTheDocument()
    expect(screen.getByText("Showing results for “hoodie”")).toBeInTheDocument()
  })

  it("with a fallback, says why word for word, shows the nearest category's products, then what's trending, and the suggestions", async () => {
    const message = "Nothing matched “zzqx kurta”: here are Women's Traditions instead."
    answerSearch(() =>
      buildSearchAnswer({
        query: "zzqx kurta",
        products: [buildListedProduct({ title: "Indigo Kurti" })],
        total: 0,
        fallback: { kind: "category", message },
        trending: [buildListedProduct({ title: "Street Legend Tee" }), buildListedProduct({ title: "Cargo Classic" })],
        suggestions: [{ text: "kurtis", path: "/search?q=kurtis" }],
      }),
    )

    renderApp("/search?q=zzqx%20kurta")

    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByText("0 products")).toBeInTheDocument()
    const results = screen.getByRole("region", { name: "Products" })
    await waitFor(() => expect(cardTitles(results)).toEqual(["Indigo Kurti"]))
    const trending = screen.getByRole("region", { name: "Trending now" })
    await waitFor(() => expect(cardTitles(trending)).toEqual(["Street Legend Tee", "Cargo Classic"]))
    expect(within(screen.getByRole("navigation", { name: "Related searches" })).getByRole("link", { name: "kurtis" })).toHaveAttribute(
      "href",
      "/search?q=kurtis",
    )
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex"))
  })

  it("lists each facet's values in words with counts, and a value ticked or unticked is in the address", async () => {
    const fetchMock = answerSearch(() =>
      buildSearchAnswer({
        total: 3,
        facets: {
          gender: [{ value: "MEN", count: 3 }],
          categoryType: [{ value: "UPPERS", count: 3 }],
          subcategory: [{ value: "Hoodies", count: 3 }],
          colorName: [{ value: "Black", count: 2 }],
          fabric: [{ value: "Cotton", count: 3 }],
          priceRange: [
            { value: "above-3000", count: 1 },
            { value: "500-1000", count: 1 },
            { value: "under-500", count: 1 },
          ],
          size: [{ value: "M", count: 2 }],
        },
      }),
    )

    renderApp("/search?q=hoodie")

    const filters = await screen.findByRole("complementary", { name: "Filters" })
    const groups = within(filters).getAllByRole("group")
    expect(groups.map((group) => group.querySelector("legend")?.textContent)).toEqual([
      "Gender",
      "Category",
      "Subcategory",
      "Colour",
      "Fabric",
      "Price",
      "Size in stock",
    ])
    expect(within(groups[0]!).getByRole("checkbox", { name: "Men 3" })).not.toBeChecked()
    expect(within(groups[1]!).getByRole("checkbox", { name: "Uppers 3" })).toBeInTheDocument()
    expect(
      within(groups[5]!)
        .getAllByRole("checkbox")
        .map((box) => box.closest("label")?.textContent),
    ).toEqual(["Under ₹5001", "₹500–₹1,0001", "Above ₹3,0001"])

    fireEvent.click(within(groups[3]!).getByRole("checkbox", { name: "Black 2" }))

    await waitFor(() => expect(currentLocation()).toBe("/search?q=hoodie&colorName=Black"))
    await waitFor(() => expect(searchCalls(fetchMock).at(-1)?.search).toBe("?q=hoodie&colorName=Black"))
    expect(await screen.findByRole("checkbox", { name: "Black 2" })).toBeChecked()
    expect(screen.getByRole("link", { name: "Clear filters" })).toHaveAttribute("href", "/search?q=hoodie")

    fireEvent.click(screen.getByRole("button", { name: "Remove Black" }))
    await waitFor(() => expect(currentLocation()).toBe("/search?q=hoodie"))
    expect(screen.queryByRole("link", { name: "Clear filters" })).toBeNull()
  })

  it("sorts by what is chosen, in the address, Relevance being none", async () => {
    answerSearch(() => buildSearchAnswer())

    renderApp("/search?q=hoodie&sort=newest")

    const sort = await screen.findByRole("combobox", { name: "Sort" })
    expect(sort).toHaveValue("newest")
    expect(
      within(sort)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Relevance", "Popular", "Price: Low → High", "Price: High → Low", "Newest"])
    fireEvent.change(sort, { target: { value: "price_asc" } })
    await waitFor(() => expect(currentLocation()).toBe("/search?q=hoodie&sort=price_asc"))
    fireEvent.change(screen.getByRole("combobox", { name: "Sort" }), { target: { value: "relevance" } })
    await waitFor(() => expect(currentLocation()).toBe("/search?q=hoodie"))
  })

  it("shows more with the answer's cursor until the last page", async () => {
    const fetchMock = answerSearch((url) =>
      url.searchParams.get("cursor") === "24"
        ? buildSearchAnswer({ products: [buildListedProduct({ title: "Page Two Hoodie" })], total: 2, nextCursor: null })
        : buildSearchAnswer({ products: [buildListedProduct({ title: "Page One Hoodie" })], total: 2, nextCursor: "24" }),
    )

    renderApp("/search?q=hoodie&gender=MEN")
    fireEvent.click(await screen.findByRole("button", { name: "Show more" }))

    await waitFor(() => expect(cardTitles()).toEqual(["Page One Hoodie", "Page Two Hoodie"]))
    expect(searchCalls(fetchMock).map((url) => url.search)).toEqual(["?q=hoodie&gender=MEN", "?q=hoodie&gender=MEN&cursor=24"])
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull()
  })

  it("paints the answer the page came with at once, without asking the API", () => {
    const params = { q: "kala hoodie", sort: "price_asc" }
    pageCameWith({ [sortedUrl(SEARCH_API_PATH, params)]: buildSearchAnswer({ products: [buildListedProduct({ title: "Kaala Hoodie" })] }) })
    const fetchMock = answerSearch(() => buildSearchAnswer({ products: [] }))

    renderApp("/search?sort=price_asc&q=kala+hoodie", { queryClient: createQueryClient() })

    expect(screen.getByText("1 product")).toBeInTheDocument()
    expect(searchCalls(fetchMock)).toEqual([])
  })

  it.each(["/search", "/search?q=", "/search?q=%20a%20"])("asks for at least 2 letters at %s, without a request", async (route) => {
    const fetchMock = answerSearch(() => buildSearchAnswer())

    renderApp(route)

    expect(screen.getByText("Type at least 2 letters to search")).toBeInTheDocument()
    expect(screen.getByRole("search", { name: "Search again" })).toBeInTheDocument()
    await new Promise((settle) => setTimeout(settle, 50))
    expect(searchCalls(fetchMock)).toEqual([])
  })

  it("searches again from the page's own field", async () => {
    answerSearch(() => buildSearchAnswer())
    renderApp("/search?q=a")

    const form = screen.getByRole("search", { name: "Search again" })
    fireEvent.change(within(form).getByRole("searchbox", { name: "Search the shop" }), { target: { value: "black jeans" } })
    fireEvent.submit(form)

    await waitFor(() => expect(currentLocation()).toBe("/search?q=black+jeans"))
    expect(await screen.findByText("1 product")).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 1, name: "Results for “black jeans”" })).toBeInTheDocument()
  })
})
