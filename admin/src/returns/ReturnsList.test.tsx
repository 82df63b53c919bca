import type { AdminReturn } from "@fitshop/contracts"
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { callsTo, stubRoutes } from "../testing/route-fetch"
import { renderConsoleAt } from "../testing/render-console"

const refundedReturn: AdminReturn = {
  id: "6f1c2a4e-8d3b-4c7a-9e21-0b5d7f3a1c90",
  kind: "return",
  status: "refunded",
  orderId: "order_01",
  orderDisplayId: 1042,
  paymentMethod: "online",
  customerEmail: "meera@example.test",
  lines: [{ title: "Boxy Tee", size: "M", quantity: 2, reason: "Quality issue", note: "Seam came apart", exchangeSize: null }],
  refund: { toPayment: 259_800, coins: 40 },
  pickupDate: "2026-12-01",
  trackingUrl: "https://track.example.test/AWB1",
  requestedAt: "2026-11-28T10:00:00Z",
  receivedAt: "2026-12-03T10:00:00Z",
  refundedAt: "2026-12-04T10:00:00Z",
  exchangedAt: null,
  cancelledAt: null,
  pickupStuckAt: null,
}

const askedExchange: AdminReturn = {
  ...refundedReturn,
  id: "0a9e3f1b-2c4d-4e5f-8a6b-7c8d9e0f1a2b",
  kind: "exchange",
  status: "requested",
  orderId: "order_02",
  orderDisplayId: 1043,
  paymentMethod: "cod",
  customerEmail: "kabir@example.test",
  lines: [{ title: "Cargo Pant", size: "32", quantity: 1, reason: "Size too small", note: null, exchangeSize: "34" }],
  refund: { toPayment: 0, coins: 0 },
  pickupDate: null,
  trackingUrl: null,
  requestedAt: "2026-11-29T10:00:00Z",
  receivedAt: null,
  refundedAt: null,
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest("tr")!

describe("Returns", { timeout: 20_000 }, () => {
  it("lists each return with its order, customer, items, reason, refund, status and pickup", async () => {
    const fetchMock = stubRoutes({ "GET /api/admin/returns": { status: 200, body: { returns: [askedExchange, refundedReturn], total: 2 } } })
    renderConsoleAt("/admin/returns")

    expect(await screen.findByRole("heading", { name: "Returns" })).toBeInTheDocument()
    const refunded = await rowOf("meera@example.test")
    expect(refunded).toHaveTextContent("#1042")
    expect(refunded).toHaveTextContent("Return")
    expect(refunded).toHaveTextContent("Boxy Tee M × 2")
    expect(refunded).toHaveTextContent("Quality issue — Seam came apart")
    expect(refunded).toHaveTextContent("₹2,598.00 +40 coins")
    expect(refunded).toHaveTextContent("Refunded")
    expect(within(refunded).getByRole("link", { name: "1 Dec 2026" })).toHaveAttribute("href", "https://track.example.test/AWB1")

    const exchange = await rowOf("kabir@example.test")
    expect(exchange).toHaveTextContent("#1043")
    expect(exchange).toHaveTextContent("Exchange")
    expect(exchange).toHaveTextContent("Cargo Pant 32 × 1 → 34")
    expect(exchange).toHaveTextContent("Size too small")
    expect(exchange).toHaveTextContent("Requested")
    expect(within(exchange).queryByRole("link")).not.toBeInTheDocument()

    const [call] = callsTo(fetchMock, "GET /api/admin/returns")
    expect(call!.url.searchParams.get("limit")).toBe("10")
    expect(call!.url.searchParams.get("offset")).toBe("0")
    expect(call!.url.searchParams.has("status")).toBe(false)
  })

  it("asks the server for one status when staff filter by it", async () => {
    const fetchMock = stubRoutes({
      "GET /api/admin/returns": (url) => ({
        status: 200,
        body: url.searchParams.get("status") === "refunded" ? { returns: [refundedReturn], total: 1 } : { returns: [askedExchange, refundedReturn], total: 2 },
      }),
    })
    renderConsoleAt("/admin/returns")
    await rowOf("kabir@example.test")

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Status" }))
    fireEvent.click(await screen.findByRole("option", { name: "Refunded" }))

    await waitFor(() => expect(screen.queryByText("kabir@example.test")).not.toBeInTheDocument())
    expect(screen.getByText("meera@example.test")).toBeInTheDocument()
    expect(callsTo(fetchMock, "GET /api/admin/returns").at(-1)!.url.searchParams.get("status")).toBe("refunded")
  })

  it("marks a return whose pickup has waited too long, and no other", async () => {
    const stuck: AdminReturn = { ...askedExchange, status: "pickup_scheduled", pickupStuckAt: "2026-12-04T10:00:00Z" }
    stubRoutes({ "GET /api/admin/returns": { status: 200, body: { returns: [stuck, refundedReturn], total: 2 } } })
    renderConsoleAt("/admin/returns")

    expect(await rowOf("kabir@example.test")).toHaveTextContent("Pickup stuck")
    expect(await rowOf("meera@example.test")).not.toHaveTextContent("Pickup stuck")
  })

  it("says so when there are no returns", async () => {
    stubRoutes({ "GET /api/admin/returns": { status: 200, body: { returns: [], total: 0 } } })
    renderConsoleAt("/admin/returns")
    expect(await screen.findByText("No returns.")).toBeInTheDocument()
  })
})
