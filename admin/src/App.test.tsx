import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { stubFetch } from "./testing/fetch-stub"
import { renderConsoleAt } from "./testing/render-console"

describe("App", { timeout: 20_000 }, () => {
  it("shows the admin layout and the dashboard heading to a signed-in user", async () => {
    stubFetch({ status: 200, body: {} })

    renderConsoleAt("/admin")

    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument()
    expect(screen.getByText("Admin")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "New Product" })).toHaveAttribute("href", "/admin/products/new")
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument()
    expect(screen.getByRole("menuitem", { name: "Dashboard" })).toHaveAttribute("href", "/admin/")
    expect(screen.getByRole("menuitem", { name: "Products" })).toHaveAttribute("href", "/admin/products")
    expect(screen.getByRole("menuitem", { name: "Drafts" })).toHaveAttribute("href", "/admin/products/drafts")
    expect(screen.getByRole("menuitem", { name: "Reported posts" })).toHaveAttribute("href", "/admin/reported-posts")
    expect(screen.getByRole("menuitem", { name: "Failed jobs" })).toHaveAttribute("href", "/admin/jobs")
  })

  it("sends a visitor without a session to the e-mail sign-in form", async () => {
    const fetchMock = stubFetch({ status: 200, body: {} })

    renderConsoleAt("/admin", null)

    expect(await screen.findByLabelText(/Email/)).toBeInTheDocument()
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument()
    expect(screen.queryByRole("heading", { name: "Admin Dashboard" })).not.toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
