import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { deferred } from "@/testing/deferred"
import { answerRoutes, callsTo, errorResponse, jsonResponse, type ApiRoute } from "@/testing/mock-fetch"
import { buildOrder, buildOrderItem } from "@/testing/order-factory"
import { renderAppSignedIn } from "@/testing/test-utils"

/** A signed-in shopper on the Orders tab; GET /api/orders/mine answers `answer()`, `routes` the rest. */
function openOrdersTab(answer: () => Response | Promise<Response>, routes: ApiRoute[] = []) {
  return renderAppSignedIn("/account?tab=orders", answerRoutes([{ method: "GET", path: "/api/orders/mine", answer }, ...routes]))
}

/** jsdom has no object URLs: each test that saves a file gets its own. */
function stubObjectUrls() {
  Object.defineProperty(URL, "createObjectURL", { configurable: true, value: vi.fn(() => "blob:saved-file") })
  Object.defineProperty(URL, "revokeObjectURL", { configurable: true, value: vi.fn() })
}

afterEach(() => {
  Reflect.deleteProperty(URL, "createObjectURL")
  Reflect.deleteProperty(URL, "revokeObjectURL")
})

/** The only order card, once the orders arrived. */
async function onlyCard() {
  const list = await screen.findByRole("list", { name: "Your orders" })
  const [card] = within(list).getAllByRole("listitem", { name: /^Order #/ })
  return card!
}

/** A card's progress, step by step, as its words read: [label, date or "Pending"]. */
function timelineOf(card: HTMLElement): string[][] {
  const timeline = within(card).getByRole("list", { name: "Order progress" })
  return within(timeline)
    .getAllByRole("listitem")
    .map((step) => Array.from(step.children, (part) => part.textContent))
}

describe("/account Orders tab", () => {
  it("lists the orders in the order the server sends them, with status, total, date, lines, courier and tracking", async () => {
    const shipped = buildOrder({
      displayId: 2042,
      status: "SHIPPED",
      totalCents: 249850,
      createdAt: "2025-03-14T10:30:00.000Z",
      items: [buildOrderItem({ title: "Static Shift Hoodie", size: "L", quantity: 2 }), buildOrderItem({ title: "Plain Cap", size: null, imageUrl: null })],
      shippingProvider: "Delhivery",
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
    expect(card).toHaveTextContent("₹2,498.50")
    expect(within(card).getByText("14 Mar 2025")).toHaveAttribute("datetime", "2025-03-14T10:30:00.000Z")
    expect(card).toHaveTextContent("Static Shift Hoodie")
    expect(card).toHaveTextContent("Size L · Qty 2")
    expect(card).toHaveTextContent("Plain Cap")
    expect(card).toHaveTextContent("Qty 1")
    expect(within(card).getAllByRole("img")[0]).toHaveAttribute("alt", "Static Shift Hoodie")
    expect(within(card).getByText("Delhivery")).toBeInTheDocument()
    const tracking = within(card).getByRole("link", { name: "Track shipment AWB123456" })
    expect(tracking).toHaveAttribute("href", "https://track.example.test/AWB123456")
    expect(tracking).toHaveAttribute("target", "_blank")
    expect(tracking).toHaveAttribute("rel", "noopener noreferrer")

    expect(cards[1]).toHaveTextContent("PLACED")
    expect(cards[1]).toHaveTextContent("₹1,299.00")
    expect(within(cards[1]!).queryByRole("link")).toBeNull()
  })

  it("shows each step reached with its India date and the steps ahead as pending, with the day delivery is promised by", async () => {
    const order = buildOrder({
      status: "SHIPPED",
      timeline: { placedAt: "2025-03-14T19:00:00.000Z", shippedAt: "2025-03-16T06:00:00.000Z" },
      estimatedDelivery: "2025-03-20",
    })
    openOrdersTab(() => jsonResponse({ orders: [order] }))

    const card = await onlyCard()
    expect(timelineOf(card)).toEqual([
      ["Placed", "15 Mar 2025"],
      ["Shipped", "16 Mar 2025"],
      ["Delivered", "Pending"],
    ])
    expect(within(card).getByText("15 Mar 2025")).toHaveAttribute("datetime", "2025-03-14T19:00:00.000Z")
    expect(within(card).getByText("16 Mar 2025").tagName).toBe("TIME")
    expect(within(card).getByText("Shipped").closest("li")).toHaveAttribute("aria-current", "step")
    expect(within(card).getByText("Delivery by", { exact: false })).toHaveTextContent(/^Delivery by Thu, 20 Mar$/)
    expect(within(card).getByText("Thu, 20 Mar")).toHaveAttribute("datetime", "2025-03-20")
  })

  it("leaves Shipped and Delivered pending for an order just placed, without a tracking link or documents", async () => {
    openOrdersTab(() => jsonResponse({ orders: [buildOrder({ status: "PLACED", paymentMethod: "cod" })] }))

    const card = await onlyCard()
    expect(timelineOf(card)).toEqual([
      ["Placed", "14 Mar 2025"],
      ["Shipped", "Pending"],
      ["Delivered", "Pending"],
    ])
    expect(card).not.toHaveTextContent("Delivery by")
    expect(within(card).queryByRole("link")).toBeNull()
  })

  it("dates every step of a delivered order, stops promising a day and offers the invoice to download", async () => {
    const order = buildOrder({
      status: "DELIVERED",
      timeline: { placedAt: "2025-03-14T10:30:00.000Z", shippedAt: "2025-03-16T06:00:00.000Z", deliveredAt: "2025-03-19T09:15:00.000Z" },
      estimatedDelivery: "2025-03-20",
      invoiceUrl: "/api/orders/order_abc/invoice",
    })
    openOrdersTab(() => jsonResponse({ orders: [order] }))

    const card = await onlyCard()
    expect(timelineOf(card)).toEqual([
      ["Placed", "14 Mar 2025"],
      ["Shipped", "16 Mar 2025"],
      ["Delivered", "19 Mar 2025"],
    ])
    expect(card).not.toHaveTextContent("Delivery by")
    const invoice = within(card).getByRole("link", { name: "Download invoice" })
    expect(invoice).toHaveAttribute("href", "/api/orders/order_abc/invoice")
    expect(invoice).toHaveAttribute("download")
    expect(within(card).queryByRole("link", { name: "Download credit note" })).toBeNull()
  })

  it("ends a cancelled order's progress at Cancelled with its date, nothing pending, and offers both tax documents", async () => {
    const order = buildOrder({
      status: "CANCELLED",
      timeline: { placedAt: "2025-03-14T10:30:00.000Z", cancelledAt: "2025-03-15T08:00:00.000Z" },
      estimatedDelivery: "2025-03-20",
      invoiceUrl: "/api/orders/order_abc/invoice",
      creditNoteUrl: "/api/orders/order_abc/credit-note",
    })
    openOrdersTab(() => jsonResponse({ orders: [order] }))

    const card = await onlyCard()
    expect(timelineOf(card)).toEqual([
      ["Placed", "14 Mar 2025"],
      ["Cancelled", "15 Mar 2025"],
    ])
    expect(within(card).getByText("Cancelled").closest("li")).toHaveAttribute("aria-current", "step")
    expect(card).not.toHaveTextContent("Pending")
    expect(card).not.toHaveTextContent("Delivery by")
    expect(within(card).getByRole("link", { name: "Download invoice" })).toHaveAttribute("href", "/api/orders/order_abc/invoice")
    const creditNote = within(card).getByRole("link", { name: "Download credit note" })
    expect(creditNote).toHaveAttribute("href", "/api/orders/order_abc/credit-note")
    expect(creditNote).toHaveAttribute("download")
  })

  it("keeps the steps a returned order reached and ends it at Returned", async () => {
    const order = buildOrder({
      status: "RETURNED",
      timeline: { shippedAt: "2025-03-16T06:00:00.000Z", deliveredAt: "2025-03-19T09:15:00.000Z", returnedAt: "2025-03-25T11:00:00.000Z" },
    })
    openOrdersTab(() => jsonResponse({ orders: [order] }))

    expect(timelineOf(await onlyCard())).toEqual([
      ["Placed", "14 Mar 2025"],
      ["Shipped", "16 Mar 2025"],
      ["Delivered", "19 Mar 2025"],
      ["Returned", "25 Mar 2025"],
    ])
  })

  it("downloads the invoice with the shopper's token and saves it under the server's file name", async () => {
    stubObjectUrls()
    const saved: { href: string; download: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download })
    })
    const order = buildOrder({ status: "PAID", invoiceUrl: "/api/orders/order_pdf/invoice" })
    const pdf = () =>
      new Response("%PDF-1.7", {
        headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="invoice-BYF-26-27-000123.pdf"' },
      })
    const fetchMock = openOrdersTab(() => jsonResponse({ orders: [order] }), [{ method: "GET", path: "/api/orders/order_pdf/invoice", answer: pdf }])

    fireEvent.click(within(await onlyCard()).getByRole("link", { name: "Download invoice" }))

    await waitFor(() => {
      expect(saved).toEqual([{ href: "blob:saved-file", download: "invoice-BYF-26-27-000123.pdf" }])
    })
    const [[, init]] = callsTo(fetchMock, "GET", "/api/orders/order_pdf/invoice") as [[unknown, RequestInit]]
    expect(new Headers(init.headers).get("Authorization")).toMatch(/^Bearer \S+/)
  })

  it("says why when the invoice can't be downloaded", async () => {
    const order = buildOrder({ status: "PAID", invoiceUrl: "/api/orders/order_none/invoice" })
    openOrdersTab(
      () => jsonResponse({ orders: [order] }),
      [{ method: "GET", path: "/api/orders/order_none/invoice", answer: () => errorResponse("This order has no invoice yet.", 404) }],
    )

    const card = await onlyCard()
    fireEvent.click(within(card).getByRole("link", { name: "Download invoice" }))

    expect(await within(card).findByRole("alert")).toHaveTextContent("This order has no invoice yet.")
  })

  it("offers 'Return' and 'Exchange size' only on the lines that may still go back, with the day their window closes", async () => {
    const order = buildOrder({
      status: "DELIVERED",
      timeline: { deliveredAt: "2025-03-19T09:15:00.000Z" },
      items: [
        buildOrderItem({ title: "Static Shift Hoodie", returnable: true, returnableUntil: "2025-03-26T09:15:00.000Z", returnableQuantity: 1 }),
        buildOrderItem({ title: "Final Sale Cap", returnable: false, returnableUntil: null, returnableQuantity: 0 }),
        buildOrderItem({ title: "Old Line Tee", id: null, returnable: true, returnableUntil: "2025-03-26T09:15:00.000Z", returnableQuantity: 1 }),
      ],
    })
    openOrdersTab(() => jsonResponse({ orders: [order] }))

    const items = within(await onlyCard()).getByRole("list", { name: "Items" })
    const [hoodie, cap, tee] = within(items).getAllByRole("listitem")
    expect(within(hoodie!).getByRole("button", { name: "Return" })).toHaveAccessibleDescription("Static Shift Hoodie")
    expect(within(hoodie!).getByRole("button", { name: "Exchange size" })).toBeInTheDocument()
    expect(within(hoodie!).getByText("Returnable until", { exact: false })).toHaveTextContent(/^Returnable until 26 Mar 2025$/)
    expect(within(hoodie!).getByText("26 Mar 2025")).toHaveAttribute("datetime", "2025-03-26T09:15:00.000Z")
    for (const line of [cap!, tee!]) {
      expect(within(line).queryByRole("button")).toBeNull()
      expect(line).not.toHaveTextContent("Returnable until")
    }
  })

  it("shows the courier's AWB as text when there is no tracking link yet", async () => {
    openOrdersTab(() => jsonResponse({ orders: [buildOrder({ status: "PROCESSING", shippingProvider: "Blue Dart", trackingId: "1234567890" })] }))

    const card = await onlyCard()
    expect(within(card).getByText("Blue Dart")).toBeInTheDocument()
    expect(within(card).getByText("AWB 1234567890")).toBeInTheDocument()
    expect(within(card).queryByRole("link")).toBeNull()
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
