import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { adminProduct } from "../testing/admin-product"
import { callsTo, stubRoutes } from "../testing/route-fetch"
import { renderConsoleAt } from "../testing/render-console"

const draft = (id: string, title: string) => adminProduct({ id, title, status: "DRAFT", basePrice: 79900, updatedAt: "2026-11-20T10:00:00Z" })

describe("Draft Products", { timeout: 20_000 }, () => {
  it("lists drafts only, with Continue to the editor", async () => {
    const fetchMock = stubRoutes({ "GET /api/admin/products": { status: 200, body: { products: [draft("prod_1", "Boxy tee")], total: 1 } } })
    renderConsoleAt("/admin/products/drafts")

    expect(await screen.findByRole("heading", { name: "Draft Products" })).toBeInTheDocument()
    const row = (await screen.findByText("Boxy tee")).closest("tr") as HTMLElement
    expect(within(row).getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/admin/products/prod_1/edit")
    expect(callsTo(fetchMock, "GET /api/admin/products")[0]?.url.searchParams.get("status")).toBe("DRAFT")
  })

  it("archives the selected drafts with one bulk-status call", async () => {
    let archived = false
    const fetchMock = stubRoutes({
      "GET /api/admin/products": () => ({
        status: 200,
        body: archived ? { products: [], total: 0 } : { products: [draft("prod_1", "Boxy tee"), draft("prod_2", "Polo")], total: 2 },
      }),
      "POST /api/admin/products/bulk-status": () => {
        archived = true
        return { status: 200, body: { updated: 2 } }
      },
    })
    renderConsoleAt("/admin/products/drafts")

    await screen.findByText("Polo")
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }))
    const toolbar = (await screen.findByText(/2 items selected/)).closest(".MuiToolbar-root") as HTMLElement
    fireEvent.click(within(toolbar).getByRole("button", { name: "Delete" }))

    await waitFor(() => expect(callsTo(fetchMock, "POST /api/admin/products/bulk-status")).toHaveLength(1))
    expect(callsTo(fetchMock, "POST /api/admin/products/bulk-status")[0]?.body).toEqual({ ids: ["prod_1", "prod_2"], status: "ARCHIVED" })
    expect(await screen.findByText("No drafts saved.")).toBeInTheDocument()
  })

  it("says No drafts saved. when there are none", async () => {
    stubRoutes({ "GET /api/admin/products": { status: 200, body: { products: [], total: 0 } } })
    renderConsoleAt("/admin/products/drafts")
    expect(await screen.findByText("No drafts saved.")).toBeInTheDocument()
  })
})
