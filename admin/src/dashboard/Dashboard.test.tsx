import type { AdminOrder } from "@fitshop/contracts"
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { callsTo, stubRoutes } from "../testing/route-fetch"
import { renderWithDataProvider } from "../testing/render-console"
import { orderPoints } from "./chart-data"
import { Dashboard } from "./Dashboard"

const overview = {
  products: { total: 1234, live: 1000, draft: 200, archived: 34 },
  orders: 150000,
  revenue: 12345600,
  averageOrderValue: 129950,
  cashOnDeliveryShare: 0.375,
  fitfeedRevenue: 250000,
  darkCoinsOutstanding: 123456,
  lowStock: [{ productId: "prod_1", title: "Boxy tee", size: "M", stock: 2 }],
}

const sales = {
  products: Array.from({ length: 7 }, (_, index) => ({
    productId: `prod_${String(index)}`,
    title: `Tee ${String(index + 1)}`,
    imageUrl: null,
    units: 70 - index,
    revenue: 1000000 * (7 - index),
  })),
  total: 7,
}

const order = (id: string, total: number, status: AdminOrder["status"] = "PAID"): AdminOrder => ({
  id,
  displayId: 1,
  status,
  total,
  paymentMethod: "online",
  itemCount: 1,
  customer: { id: "c", name: "A", email: "a@b.in" },
  createdAt: "2026-11-20T10:00:00Z",
})

describe("Dashboard", { timeout: 20_000 }, () => {
  it("says Loading… until the figures arrive", () => {
    stubRoutes({})
    renderWithDataProvider(<Dashboard />)
    expect(screen.getByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument()
    expect(screen.getByText("Loading…")).toBeInTheDocument()
  })

  it("shows the server's figures with Indian digit grouping, and the first five best sellers", async () => {
    stubRoutes({
      "GET /api/admin/analytics/overview": { status: 200, body: overview },
      "GET /api/admin/orders": { status: 200, body: { orders: [order("o2", 250000), order("o1", 100000)], total: 2 } },
      "GET /api/admin/analytics/products": { status: 200, body: sales },
    })
    renderWithDataProvider(<Dashboard />)

    expect(await screen.findByText("₹1,23,456.00")).toBeInTheDocument()
    expect(screen.getByText("Total Products").nextSibling).toHaveTextContent("1,234")
    expect(screen.getByText("Total Orders").nextSibling).toHaveTextContent("1,50,000")
    expect(screen.getByText("Average Order Value").nextSibling).toHaveTextContent("₹1,299.50")
    expect(screen.getByText("Cash on Delivery Share").nextSibling).toHaveTextContent("37.5%")
    expect(screen.getByText("Revenue through FITFEED").nextSibling).toHaveTextContent("₹2,500.00")
    expect(screen.getByText("Dark Coins Outstanding").nextSibling).toHaveTextContent("1,23,456")
    const bestSellers = await screen.findByRole("region", { name: "Best Sellers" })
    expect(bestSellers).toHaveTextContent("1. Tee 1")
    expect(bestSellers).toHaveTextContent("70 units · ₹70,000.00")
    expect(bestSellers).toHaveTextContent("5. Tee 5")
    expect(bestSellers).not.toHaveTextContent("Tee 6")
    expect(screen.getByRole("region", { name: "Low Stock" })).toHaveTextContent("Boxy tee — M")
    expect(screen.getByRole("region", { name: "Top 10 Products (Units Sold)" })).toBeInTheDocument()
    expect(screen.getByRole("region", { name: "Sales Over Time" })).toBeInTheDocument()
  })

  it("switches Sales Over Time to the shop's daily series, and to a chosen best seller's", async () => {
    const shopDays = [
      { day: "2026-11-19", orders: 0, units: 0, revenue: 0 },
      { day: "2026-11-20", orders: 3, units: 4, revenue: 519600 },
    ]
    const fetchMock = stubRoutes({
      "GET /api/admin/analytics/overview": { status: 200, body: overview },
      "GET /api/admin/orders": { status: 200, body: { orders: [order("o1", 100000)], total: 1 } },
      "GET /api/admin/analytics/products": { status: 200, body: sales },
      "GET /api/admin/analytics/series": { status: 200, body: { days: shopDays } },
      "GET /api/admin/analytics/products/prod_2/series": {
        status: 200,
        body: { productId: "prod_2", days: [{ day: "2026-11-20", units: 0, revenue: 0 }] },
      },
    })
    renderWithDataProvider(<Dashboard />)

    const chart = await screen.findByRole("region", { name: "Sales Over Time" })
    expect(callsTo(fetchMock, "GET /api/admin/analytics/series")).toHaveLength(0)
    fireEvent.click(within(chart).getByRole("button", { name: "Per day" }))
    await waitFor(() => expect(callsTo(fetchMock, "GET /api/admin/analytics/series")).toHaveLength(1))
    expect(callsTo(fetchMock, "GET /api/admin/analytics/series")[0]!.url.searchParams.get("days")).toBe("30")
    const picker = within(chart).getByLabelText("Product")
    expect(picker).toHaveValue("")
    expect(within(chart).getByRole("option", { name: "All products" })).toBeInTheDocument()
    await waitFor(() => expect(within(chart).queryByText("Loading…")).not.toBeInTheDocument())
    expect(within(chart).queryByText("No data available.")).not.toBeInTheDocument()
    expect(callsTo(fetchMock, "GET /api/admin/analytics/products/prod_0/series")).toHaveLength(0)

    // One best seller's days: none with a sale, so nothing to draw.
    fireEvent.change(picker, { target: { value: "prod_2" } })
    expect(await within(chart).findByText("No data available.")).toBeInTheDocument()
    expect(callsTo(fetchMock, "GET /api/admin/analytics/products/prod_2/series")).toHaveLength(1)

    fireEvent.change(picker, { target: { value: "" } })
    await waitFor(() => expect(within(chart).queryByText("No data available.")).not.toBeInTheDocument())
  })

  it("says No data available. on the per-day view when the shop sold nothing in the span", async () => {
    stubRoutes({
      "GET /api/admin/analytics/overview": { status: 200, body: overview },
      "GET /api/admin/orders": { status: 200, body: { orders: [order("o1", 100000)], total: 1 } },
      "GET /api/admin/analytics/products": { status: 200, body: sales },
      "GET /api/admin/analytics/series": { status: 200, body: { days: [{ day: "2026-11-20", orders: 0, units: 0, revenue: 0 }] } },
    })
    renderWithDataProvider(<Dashboard />)
    const chart = await screen.findByRole("region", { name: "Sales Over Time" })
    fireEvent.click(within(chart).getByRole("button", { name: "Per day" }))
    expect(await within(chart).findByText("No data available.")).toBeInTheDocument()
  })

  it("says No data available. where there are no sales yet", async () => {
    stubRoutes({
      "GET /api/admin/analytics/overview": { status: 200, body: { ...overview, lowStock: [] } },
      "GET /api/admin/orders": { status: 200, body: { orders: [], total: 0 } },
      "GET /api/admin/analytics/products": { status: 200, body: { products: [], total: 0 } },
    })
    renderWithDataProvider(<Dashboard />)
    expect(await screen.findAllByText("No data available.")).toHaveLength(4)
  })

  it("says Failed to load analytics. when a call fails", async () => {
    stubRoutes({ "GET /api/admin/analytics/overview": { status: 500, body: {} } })
    renderWithDataProvider(<Dashboard />)
    expect(await screen.findByText("Failed to load analytics.")).toBeInTheDocument()
  })
})

describe("Sales Over Time points", () => {
  it("draws one point per order, oldest first, labelled Order n, in rupees, leaving cancelled and returned orders out", () => {
    const points = orderPoints([order("o4", 20000, "RETURNED"), order("o3", 50000), order("o2", 99900, "CANCELLED"), order("o1", 129900)])
    expect(points).toEqual([
      { label: "Order 1", revenue: 1299 },
      { label: "Order 2", revenue: 500 },
    ])
  })
})
