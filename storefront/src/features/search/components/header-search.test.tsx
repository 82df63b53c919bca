import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { SEARCH_SUGGEST_PATH } from "@fitshop/contracts"
import { deferred } from "@/testing/deferred"
import { calledUrls, jsonResponse, mockFetch } from "@/testing/mock-fetch"
import { currentLocation, renderWithProviders } from "@/testing/test-utils"
import { buildSuggestion, suggestAnswer } from "../testing/search-factory"
import { SUGGEST_DEBOUNCE_MS } from "../api/get-suggestions"
import { HeaderSearch } from "./header-search"

const hoodieSuggestions = suggestAnswer([
  buildSuggestion({ kind: "query", text: "hoodies in black", path: "/search?q=hoodies+in+black" }),
  buildSuggestion({ kind: "category", text: "Men › Hoodies", path: "/shop?g=MEN&type=UPPERS&sub=Hoodies" }),
  buildSuggestion({ kind: "product", text: "Night Rider Hoodie", path: "/product/prod_night", imageUrl: "/media/night.jpg", price: 189900 }),
])

const field = () => screen.getByRole("combobox", { name: "Search the shop" })

const type = (text: string) => {
  fireEvent.change(field(), { target: { value: text } })
}

const suggestCalls = (fetchMock: ReturnType<typeof mockFetch>) => calledUrls(fetchMock, SEARCH_SUGGEST_PATH).map((url) => url.searchParams.get("q"))

function renderWithSuggestions() {
  const fetchMock = mockFetch(() => jsonResponse(hoodieSuggestions))
  renderWithProviders(<HeaderSearch />, { route: "/shop" })
  return fetchMock
}

describe("the header's search box", () => {
  it("is a search form that GETs /search with q, labelled, with a Search button", () => {
    renderWithProviders(<HeaderSearch />)

    const form = screen.getByRole("search")
    expect(form).toHaveAttribute("action", "/search")
    expect(form).not.toHaveAttribute("method")
    expect(field()).toHaveAttribute("type", "search")
    expect(field()).toHaveAttribute("name", "q")
    expect(field()).toHaveAttribute("placeholder", "Search hoodies, kurtis, black jeans…")
    expect(within(form).getByRole("button", { name: "Search" })).toHaveAttribute("type", "submit")
    expect(screen.getByRole("button", { name: "Open search" })).toHaveAttribute("aria-expanded", "false")
  })

  it("submits what was typed as a client-side navigation to the search page", () => {
    const fetchMock = mockFetch(() => jsonResponse(suggestAnswer([])))
    renderWithProviders(<HeaderSearch />)

    type("  black jeans ")
    fireEvent.submit(screen.getByRole("search"))

    expect(currentLocation()).toBe("/search?q=black+jeans")
    expect(calledUrls(fetchMock, "/search")).toEqual([])
  })

  it("asks for suggestions once typing pauses, not for every key, and not for blanks", async () => {
    const fetchMock = renderWithSuggestions()

    type("   ")
    await act(() => new Promise((settle) => setTimeout(settle, SUGGEST_DEBOUNCE_MS * 2)))
    expect(suggestCalls(fetchMock)).toEqual([])

    type("h")
    type("ho")
    type("hoo")
    await screen.findByRole("listbox")
    expect(suggestCalls(fetchMock)).toEqual(["hoo"])
  })

  it("shows the answer to the latest text only: an older request's late answer is dropped", async () => {
    const late = deferred<Response>()
    const fetchMock = mockFetch((url) =>
      url.searchParams.get("q") === "kur" ? late.promise : jsonResponse(suggestAnswer([buildSuggestion({ text: "kurtis", path: "/search?q=kurtis" })])),
    )
    renderWithProviders(<HeaderSearch />)

    type("kur")
    await waitFor(() => expect(suggestCalls(fetchMock)).toEqual(["kur"]))
    type("kurti")
    expect(await screen.findByRole("option", { name: /kurtis/ })).toBeInTheDocument()
    await act(async () => {
      late.resolve(jsonResponse(suggestAnswer([buildSuggestion({ text: "kurta sets", path: "/search?q=kurta+sets" })])))
      await late.promise
    })

    expect(screen.queryByRole("option", { name: /kurta sets/ })).toBeNull()
    expect(screen.getAllByRole("option")).toHaveLength(1)
  })

  it("is an ARIA combobox: expanded with its listbox, options with ids, a product's picture and price", async () => {
    renderWithSuggestions()
    expect(field()).toHaveAttribute("aria-expanded", "false")

    type("hoodie")
    const listbox = await screen.findByRole("listbox")

    expect(field()).toHaveAttribute("aria-expanded", "true")
    expect(field()).toHaveAttribute("aria-controls", listbox.id)
    expect(field()).not.toHaveAttribute("aria-activedescendant")
    const options = within(listbox).getAllByRole("option")
    expect(options.map((option) => option.textContent)).toEqual(["hoodies in black", "Men › Hoodies", "Night Rider Hoodie₹1,899.00"])
    for (const option of options) expect(option.id).not.toBe("")
    expect(new Set(options.map((option) => option.id)).size).toBe(3)
    expect(options[2]?.querySelector("img")).toHaveAttribute("src", `${window.location.origin}/media/night.jpg`)
  })

  it("moves through the suggestions with the arrows and opens the active one's page with Enter", async () => {
    renderWithSuggestions()
    type("hoodie")
    const options = await screen.findAllByRole("option")

    fireEvent.keyDown(field(), { key: "ArrowDown" })
    expect(field()).toHaveAttribute("aria-activedescendant", options[0]?.id)
    expect(options[0]).toHaveAttribute("aria-selected", "true")
    fireEvent.keyDown(field(), { key: "ArrowDown" })
    fireEvent.keyDown(field(), { key: "ArrowDown" })
    expect(field()).toHaveAttribute("aria-activedescendant", options[2]?.id)
    fireEvent.keyDown(field(), { key: "ArrowDown" })
    expect(field()).toHaveAttribute("aria-activedescendant", options[0]?.id)
    fireEvent.keyDown(field(), { key: "ArrowUp" })
    expect(field()).toHaveAttribute("aria-activedescendant", options[2]?.id)
    fireEvent.keyDown(field(), { key: "ArrowUp" })
    expect(options[1]).toHaveAttribute("aria-selected", "true")
    expect(options[2]).toHaveAttribute("aria-selected", "false")

    fireEvent.keyDown(field(), { key: "Enter" })

    expect(currentLocation()).toBe("/shop?g=MEN&type=UPPERS&sub=Hoodies")
    expect(field()).toHaveAttribute("aria-expanded", "false")
  })

  it("submits the query with Enter when no suggestion is active", async () => {
    renderWithSuggestions()
    type("hoodie")
    await screen.findByRole("listbox")

    fireEvent.keyDown(field(), { key: "Enter" })
    fireEvent.submit(screen.getByRole("search"))

    expect(currentLocation()).toBe("/search?q=hoodie")
  })

  it("closes the suggestions with Escape and with a press outside, and opens a clicked one", async () => {
    renderWithSuggestions()
    type("hoodie")
    await screen.findByRole("listbox")

    fireEvent.keyDown(field(), { key: "ArrowDown" })
    fireEvent.keyDown(field(), { key: "Escape" })
    expect(field()).toHaveAttribute("aria-expanded", "false")
    expect(field()).not.toHaveAttribute("aria-activedescendant")
    expect(screen.queryByRole("listbox")).toBeNull()

    fireEvent.keyDown(field(), { key: "ArrowDown" })
    expect(field()).toHaveAttribute("aria-expanded", "true")
    fireEvent.pointerDown(document.body)
    expect(field()).toHaveAttribute("aria-expanded", "false")

    type("hoodies")
    const product = await screen.findByRole("option", { name: /Night Rider Hoodie/ })
    fireEvent.click(within(product).getByRole("link"))
    expect(currentLocation()).toBe("/product/prod_night")
    expect(field()).toHaveAttribute("aria-expanded", "false")
  })

  it("opens as a field from the phone's search icon", () => {
    renderWithProviders(<HeaderSearch />)
    const toggle = screen.getByRole("button", { name: "Open search" })

    fireEvent.click(toggle)

    expect(toggle).toHaveAttribute("aria-expanded", "true")
    expect(toggle).toHaveAttribute("aria-controls", screen.getByRole("search").id)
  })
})
