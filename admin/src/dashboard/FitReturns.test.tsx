import type { FitReturnRate } from "@fitshop/contracts"
import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { stubRoutes, type Routes } from "../testing/route-fetch"
import { renderWithDataProvider } from "../testing/render-console"
import { Dashboard } from "./Dashboard"

const overview = {
  products: { total: 2, live: 2, draft: 0, archived: 0 },
  orders: 10,
  revenue: 1299000,
  averageOrderValue: 129900,
  cashOnDeliveryShare: 0.5,
  fitfeedRevenue: 0,
  darkCoinsOutstanding: 0,
  lowStock: [],
}

const sales = { products: [{ productId: "prod_1", title: "Boxy Tee", imageUrl: null, units: 12, revenue: 1558800 }], total: 1 }

/** The dashboard's other calls answered, and the fit-return rates as given. */
const dashboardRoutes = (fitReturns: Routes[string]): Routes => ({
  "GET /api/admin/analytics/overview": { status: 200, body: overview },
  "GET /api/admin/orders": { status: 200, body: { orders: [], total: 0 } },
  "GET /api/admin/analytics/products": { status: 200, body: sales },
  "GET /api/admin/analytics/fit-returns": fitReturns,
})

describe("Dashboard: Fit returns", { timeout: 20_000 }, () => {
  it("lists each product's units delivered, too small, too big and its rate to one decimal, in the server's order", async () => {
    const products: FitReturnRate[] = [
      { productId: "prod_2", title: "Cargo Pant", unitsDelivered: 1250, tooSmall: 300, tooBig: 12, rate: 312 / 1250 },
      { productId: "prod_1", title: "Boxy Tee", unitsDelivered: 40, tooSmall: 0, tooBig: 2, rate: 0.05 },
    ]
    stubRoutes(dashboardRoutes({ status: 200, body: { products } }))
    renderWithDataProvider(<Dashboard />)

    const section = await screen.findByRole("region", { name: "Fit returns" })
    const rows = await within(section).findAllByRole("row")
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ["Product", "Delivered", "Too small", "Too big", "Rate"],
      ["Cargo Pant", "1,250", "300", "12", "25.0%"],
      ["Boxy Tee", "40", "0", "2", "5.0%"],
    ])
  })

  it("says No data available. when no product came back for fit", async () => {
    stubRoutes(dashboardRoutes({ status: 200, body: { products: [] } }))
    renderWithDataProvider(<Dashboard />)

    const section = await screen.findByRole("region", { name: "Fit returns" })
    expect(await within(section).findByText("No data available.")).toBeInTheDocument()
    expect(within(section).queryByRole("table")).not.toBeInTheDocument()
  })

  it("says Failed to load analytics. in its own section when the rates fail, leaving the rest of the dashboard", async () => {
    stubRoutes(dashboardRoutes({ status: 500, body: {} }))
    renderWithDataProvider(<Dashboard />)

    const section = await screen.findByRole("region", { name: "Fit returns" })
    expect(await within(section).findByText("Failed to load analytics.")).toBeInTheDocument()
    expect(screen.getByRole("region", { name: "Best Sellers" })).toHaveTextContent("1. Boxy Tee")
  })
})
