import type { AdminSearchQueries, SearchedQuery } from "@fitshop/contracts"
import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { callsTo, stubRoutes } from "../testing/route-fetch"
import { renderConsoleAt } from "../testing/render-console"

const QUERIES_ROUTE = "GET /api/admin/search/queries"

/** A searched query as the BFF answers it; override only what a test cares about. */
const searched = (overrides: Partial<SearchedQuery> = {}): SearchedQuery => ({
  query: "oversized hoodie",
  searches: 12,
  noResults: 0,
  lastAt: "2026-12-06T15:00:00Z",
  ...overrides,
})

const answer = (overrides: Partial<AdminSearchQueries> = {}): AdminSearchQueries => ({ days: 30, top: [], noResults: [], ...overrides })

const cellsOf = (section: HTMLElement) =>
  within(section)
    .getAllByRole("row")
    .map((row) => Array.from(row.children, (cell) => cell.textContent))

describe("Search", { timeout: 20_000 }, () => {
  it("shows the top searches and the searches with no results of the last 30 days, each linking to the shop's search page", async () => {
    const kurta = searched({ query: "kurta", searches: 1520, noResults: 3, lastAt: "2026-12-06T15:00:00Z" })
    const jorts = searched({ query: "jorts", searches: 40, noResults: 40, lastAt: "2026-12-05T20:15:00Z" })
    const fetchMock = stubRoutes({ [QUERIES_ROUTE]: { status: 200, body: answer({ top: [kurta, jorts], noResults: [jorts] }) } })
    renderConsoleAt("/admin/search")

    expect(await screen.findByRole("heading", { name: "Search", level: 1 })).toBeInTheDocument()
    expect(screen.getByRole("menuitem", { name: "Search" })).toHaveAttribute("href", "/admin/search")
    const top = await screen.findByRole("region", { name: "Top searches" })
    // Times in India's: 15:00 UTC is 8:30 pm there.
    expect(cellsOf(top)).toEqual([
      ["Search", "Searches", "No results", "Last searched"],
      ["kurta", "1,520", "3", "6 Dec 2026, 8:30 pm"],
      ["jorts", "40", "40", "6 Dec 2026, 1:45 am"],
    ])
    const none = screen.getByRole("region", { name: "Searches with no results" })
    expect(cellsOf(none)).toEqual([
      ["Search", "Searches", "Last searched"],
      ["jorts", "40", "6 Dec 2026, 1:45 am"],
    ])
    expect(within(top).getByRole("link", { name: "kurta" })).toHaveAttribute("href", "/search?q=kurta")
    expect(within(none).getByRole("link", { name: "jorts" })).toHaveAttribute("href", "/search?q=jorts")
    expect(callsTo(fetchMock, QUERIES_ROUTE).map((call) => call.url.searchParams.get("days"))).toEqual(["30"])
  })

  it("asks for the last 7 days when staff pick that period", async () => {
    const fetchMock = stubRoutes({
      [QUERIES_ROUTE]: (url) => {
        const days = Number(url.searchParams.get("days"))
        return { status: 200, body: answer({ days, top: [searched({ query: `searched in ${String(days)} days` })] }) }
      },
    })
    renderConsoleAt("/admin/search")
    expect(await screen.findByRole("link", { name: "searched in 30 days" })).toBeInTheDocument()

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Period" }))
    fireEvent.click(await screen.findByRole("option", { name: "Last 7 days" }))

    expect(await screen.findByRole("link", { name: "searched in 7 days" })).toBeInTheDocument()
    expect(callsTo(fetchMock, QUERIES_ROUTE).map((call) => call.url.searchParams.get("days"))).toEqual(["30", "7"])
    expect(screen.getByRole("combobox", { name: "Period" })).toHaveTextContent("Last 7 days")
  })

  it("says there were no searches in the period when nobody searched", async () => {
    stubRoutes({ [QUERIES_ROUTE]: { status: 200, body: answer() } })
    renderConsoleAt("/admin/search")

    const top = await screen.findByRole("region", { name: "Top searches" })
    expect(top).toHaveTextContent("No searches in this period yet.")
    expect(within(top).queryByRole("table")).not.toBeInTheDocument()
    expect(screen.getByRole("region", { name: "Searches with no results" })).toHaveTextContent("No searches in this period yet.")
  })

  it("says every search found something when none came back empty", async () => {
    stubRoutes({ [QUERIES_ROUTE]: { status: 200, body: answer({ top: [searched({ query: "cargo pants" })] }) } })
    renderConsoleAt("/admin/search")

    const none = await screen.findByRole("region", { name: "Searches with no results" })
    expect(none).toHaveTextContent("Every search found something.")
    expect(within(none).queryByRole("table")).not.toBeInTheDocument()
    expect(within(screen.getByRole("region", { name: "Top searches" })).getByRole("link", { name: "cargo pants" })).toBeInTheDocument()
  })

  it("shows the server's message as an error when the searches fail to load", async () => {
    stubRoutes({ [QUERIES_ROUTE]: { status: 500, body: { error: "internal", message: "Something went wrong on our side." } } })
    renderConsoleAt("/admin/search")

    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong on our side.")
    expect(screen.queryByRole("region", { name: "Top searches" })).not.toBeInTheDocument()
  })
})
