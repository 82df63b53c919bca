import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { adminProduct } from "../testing/admin-product"
import { callsTo, stubRoutes } from "../testing/route-fetch"
import { renderConsoleAt } from "../testing/render-console"

const tee = adminProduct({ id: "prod_1", title: "Boxy tee", status: "LIVE", basePrice: 12345600, updatedAt: "2026-11-20T10:00:00Z" })

describe("All Products", { timeout: 20_000 }, () => {
  it("lists title, status and the price in rupees with Edit and Duplicate", async () => {
    const fetchMock = stubRoutes({
      "GET /api/admin/products": { status: 200, body: { products: [tee], total: 1 } },
      "POST /api/admin/products/prod_1/duplicate": { status: 201, body: { product: { ...tee, id: "prod_2", version: 1, status: "DRAFT" } } },
      "GET /api/admin/products/prod_2": { status: 200, body: { product: { ...tee, id: "prod_2", version: 1, status: "DRAFT" } } },
    })
    renderConsoleAt("/admin/products")

    const row = (await screen.findByText("Boxy tee")).closest("tr") as HTMLElement
    expect(within(row).getByText("LIVE")).toBeInTheDocument()
    expect(within(row).getByText("₹1,23,456.00")).toBeInTheDocument()
    expect(within(row).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/admin/products/prod_1/edit")

    fireEvent.click(within(row).getByRole("button", { name: "Duplicate" }))

    expect(await screen.findByRole("heading", { name: "Edit Product" })).toBeInTheDocument()
    expect(callsTo(fetchMock, "POST /api/admin/products/prod_1/duplicate")).toHaveLength(1)
  })

  it("searches by title", async () => {
    const fetchMock = stubRoutes({ "GET /api/admin/products": { status: 200, body: { products: [tee], total: 1 } } })
    renderConsoleAt("/admin/products")

    fireEvent.change(await screen.findByRole("textbox", { name: "Search by title" }), { target: { value: "boxy" } })

    await waitFor(() => expect(callsTo(fetchMock, "GET /api/admin/products").some((call) => call.url.searchParams.get("q") === "boxy")).toBe(true))
  })

  it("says No products found. when there are none", async () => {
    stubRoutes({ "GET /api/admin/products": { status: 200, body: { products: [], total: 0 } } })
    renderConsoleAt("/admin/products")
    expect(await screen.findByText("No products found.")).toBeInTheDocument()
  })

  it("opens the editor at /admin/products/new", async () => {
    stubRoutes({})
    renderConsoleAt("/admin/products/new")
    expect(await screen.findByRole("heading", { name: "Add Product" })).toBeInTheDocument()
  })
})
