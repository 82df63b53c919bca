import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { deferred } from "@/testing/deferred"
import { answerRoutes, errorResponse, jsonResponse } from "@/testing/mock-fetch"
import { buildOrder, buildOrderItem } from "@/testing/order-factory"
import { renderAppSignedIn } from "@/testing/test-utils"

/** A signed-in shopper on the Orders tab; GET /api/orders/mine answers `answer()`. */
function openOrdersTab(answer: () => Response | Promise<Response>) {
  renderAppSignedIn("/account?tab=orders", answerRoutes([{ method: "GET", path: "/api/orders/mine", answer }]))
}

describe("/account Orders tab", () => {
  it("lists the orders in the order the server sends them, with status, total, date, lines and tracking", async () => {
    const shipped = buildOrder({
      displayId: 2042,
      status: "SHIPPED",
      totalCents: 249850,
      createdAt: "2025-03-14T10:30:00.000Z",
      items: [buildOrderItem({ title: "Static Shift Hoodie", size: "L", quantity: 2 }), buildOrderItem({ title: "Plain Cap", size: null, imageUrl: null })],
      trackingId: "AWB123456",
      trackingUrl: "https://track.example.test/AWB123456",
    })
    const placed = buildOrder({ displayId: 2001, status: "PLACED", totalCents: 129900 })
    openOrdersTab(() => jsonResponse({ orders: [shipped, placed] }))

    const list = await screen.findByRole("list", { name: "Your orders" })
    const cards = within(list).getAllByRole("listitem", { name: /^Order #/ })
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual(["Order #2042", "Order #2001"])

    const card = cards[0]!
    expect(card).toHaveTextContent("SHIPPED")
    expect(card).toHaveTextContent("₹2498.50")
    expect(within(card).getByText("14 Mar 2025")).toHaveAttribute("datetime", "2025-03-14T10:30:00.000Z")
    expect(card).toHaveTextContent("Static Shift Hoodie")
    expect(card).toHaveTextContent("Size L · Qty 2")
    expect(card).toHaveTextContent("Plain Cap")
    expect(card).toHaveTextContent("Qty 1")
    expect(within(card).getAllByRole("img")[0]).toHaveAttribute("alt", "Static Shift Hoodie")
    const tracking = within(card).getByRole("link", { name: "Track shipment AWB123456" })
    expect(tracking).toHaveAttribute("href", "https://track.example.test/AWB123456")
    expect(tracking).toHaveAttribute("target", "_blank")
    expect(tracking).toHaveAttribute("rel", "noopener noreferrer")

    expect(cards[1]).toHaveTextContent("PLACED")
    expect(cards[1]).toHaveTextContent("₹1299.00")
    expect(within(cards[1]!).queryByRole("link")).toBeNull()
  })

  it("shows the loading state until the orders arrive", async () => {
    const answer = deferred<Response>()
    openOrdersTab(() => answer.promise)

    expect(await screen.findByText("Loading orders…")).toHaveAttribute("role", "status")
    answer.resolve(jsonResponse({ orders: [buildOrder()] }))
    expect(await screen.findByRole("list", { name: "Your orders" })).toBeInTheDocument()
  })

  it("says 'No orders yet.' with a way to the shop when there are none", async () => {
    openOrdersTab(() => jsonResponse({ orders: [] }))

    expect(await screen.findByText("No orders yet.")).toBeInTheDocument()
    expect(within(screen.getByRole("tabpanel")).getByRole("link", { name: "Shop now" })).toHaveAttribute("href", "/shop")
  })

  it("shows the server's text when the orders cannot be loaded", async () => {
    openOrdersTab(() => errorResponse("Orders are unavailable right now", 503))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Orders are unavailable right now$/)
  })

  it("falls back to 'Failed to load orders' when the server gave no text", async () => {
    openOrdersTab(() => new Response("", { status: 500 }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load orders$/)
  })
})
