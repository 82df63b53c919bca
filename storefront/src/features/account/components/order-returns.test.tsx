import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { answerRoutes, jsonResponse } from "@/testing/mock-fetch"
import { buildOrder, buildOrderReturn, type OrderOverrides } from "@/testing/order-factory"
import { renderAppSignedIn } from "@/testing/test-utils"

/** A signed-in shopper on the Orders tab with one delivered order carrying `overrides` (its returns). */
function openOrderWith(overrides: OrderOverrides) {
  const order = buildOrder({ status: "DELIVERED", timeline: { deliveredAt: "2025-03-19T09:15:00.000Z" }, ...overrides })
  renderAppSignedIn("/account?tab=orders", answerRoutes([{ method: "GET", path: "/api/orders/mine", answer: () => jsonResponse({ orders: [order] }) }]))
}

/** The returns on the only order, once the orders arrived. */
const returnsList = () => screen.findByRole("list", { name: "Returns and exchanges" })

/** A return's progress, step by step, as its words read: [label, date or "Pending"]. */
function progressOf(entry: HTMLElement, name: string): string[][] {
  const timeline = within(entry).getByRole("list", { name })
  return within(timeline)
    .getAllByRole("listitem")
    .map((step) => Array.from(step.children, (part) => part.textContent))
}

describe("/account Orders tab: returns and exchanges", () => {
  it("shows a return's lines, refund, pickup day, tracking link and its steps dated up to where it stands", async () => {
    const orderReturn = buildOrderReturn({
      status: "pickup_scheduled",
      lines: [{ lineId: "ordli_a1", title: "Static Shift Hoodie", size: "M", quantity: 2, reason: "Other", note: "Colour is off", exchangeSize: null }],
      refund: { toPayment: 249800, coins: 1000 },
      pickupDate: "2025-03-24",
      trackingUrl: "https://track.example.test/RVP123",
      timeline: { requestedAt: "2025-03-21T05:00:00.000Z", pickupScheduledAt: "2025-03-21T19:00:00.000Z" },
    })
    openOrderWith({ paymentMethod: "online", returns: [orderReturn] })

    const entry = within(await returnsList()).getByRole("listitem", { name: "Return" })
    expect(entry).toHaveTextContent("Static Shift Hoodie")
    expect(entry).toHaveTextContent("Size M · Qty 2 · Other")
    expect(entry).toHaveTextContent("“Colour is off”")
    expect(entry).toHaveTextContent("₹2,498.00 back to your original payment method")
    expect(entry).toHaveTextContent("1000 Dark Coins back")
    expect(within(entry).getByText("Pickup on", { exact: false })).toHaveTextContent(/^Pickup on Mon, 24 Mar$/)
    expect(within(entry).getByText("Mon, 24 Mar")).toHaveAttribute("datetime", "2025-03-24")
    const tracking = within(entry).getByRole("link", { name: "Track pickup" })
    expect(tracking).toHaveAttribute("href", "https://track.example.test/RVP123")
    expect(tracking).toHaveAttribute("rel", "noopener noreferrer")
    expect(progressOf(entry, "Return progress")).toEqual([
      ["Requested", "21 Mar 2025"],
      ["Pickup scheduled", "22 Mar 2025"],
      ["Picked up", "Pending"],
      ["Received", "Pending"],
      ["Refunded", "Pending"],
    ])
    expect(within(entry).getByText("Pickup scheduled").closest("li")).toHaveAttribute("aria-current", "step")
  })

  it("words a cash-on-delivery return's refund as coins to the wallet", async () => {
    openOrderWith({ paymentMethod: "cod", returns: [buildOrderReturn({ refund: { toPayment: 0, coins: 12990 } })] })

    const entry = within(await returnsList()).getByRole("listitem", { name: "Return" })
    expect(entry).toHaveTextContent("12990 Dark Coins (10 coins = ₹1) to your wallet")
    expect(entry).not.toHaveTextContent("original payment method")
  })

  it("ends an exchange at Exchanged, with the size it is exchanged for and no refund", async () => {
    const exchange = buildOrderReturn({
      kind: "exchange",
      status: "exchanged",
      lines: [{ lineId: "ordli_b2", title: "Plain Tee", size: "M", quantity: 1, reason: "Size too small", note: null, exchangeSize: "L" }],
      refund: { toPayment: 0, coins: 0 },
      timeline: {
        requestedAt: "2025-03-21T05:00:00.000Z",
        pickupScheduledAt: "2025-03-21T07:00:00.000Z",
        pickedUpAt: "2025-03-23T07:00:00.000Z",
        receivedAt: "2025-03-25T07:00:00.000Z",
        exchangedAt: "2025-03-25T08:00:00.000Z",
      },
    })
    openOrderWith({ returns: [exchange] })

    const entry = within(await returnsList()).getByRole("listitem", { name: "Exchange" })
    expect(entry).toHaveTextContent("Size M · Qty 1 · Size too small · For size L")
    expect(entry).not.toHaveTextContent("Dark Coins")
    expect(within(entry).queryByRole("link")).toBeNull()
    expect(progressOf(entry, "Exchange progress")).toEqual([
      ["Requested", "21 Mar 2025"],
      ["Pickup scheduled", "21 Mar 2025"],
      ["Picked up", "23 Mar 2025"],
      ["Received", "25 Mar 2025"],
      ["Exchanged", "25 Mar 2025"],
    ])
  })

  it("keeps the steps a cancelled return reached and ends it at Cancelled, nothing pending", async () => {
    const cancelled = buildOrderReturn({
      status: "cancelled",
      timeline: { requestedAt: "2025-03-21T05:00:00.000Z", pickupScheduledAt: "2025-03-21T07:00:00.000Z", cancelledAt: "2025-03-22T07:00:00.000Z" },
    })
    openOrderWith({ returns: [cancelled] })

    const entry = within(await returnsList()).getByRole("listitem", { name: "Return" })
    expect(progressOf(entry, "Return progress")).toEqual([
      ["Requested", "21 Mar 2025"],
      ["Pickup scheduled", "21 Mar 2025"],
      ["Cancelled", "22 Mar 2025"],
    ])
    expect(within(entry).getByText("Cancelled").closest("li")).toHaveAttribute("aria-current", "step")
    expect(entry).not.toHaveTextContent("Pending")
  })

  it("counts a step the status has passed as done before its date arrives", async () => {
    openOrderWith({ returns: [buildOrderReturn({ status: "received", timeline: { requestedAt: "2025-03-21T05:00:00.000Z" } })] })

    const entry = within(await returnsList()).getByRole("listitem", { name: "Return" })
    const steps = within(within(entry).getByRole("list", { name: "Return progress" })).getAllByRole("listitem")
    expect(steps.map((step) => step.className.includes("is-done"))).toEqual([true, true, true, true, false])
    expect(within(entry).getByText("Received").closest("li")).toHaveAttribute("aria-current", "step")
  })

  it("shows nothing of returns on an order without any", async () => {
    openOrderWith({ returns: [] })

    expect(await screen.findByRole("list", { name: "Your orders" })).toBeInTheDocument()
    expect(screen.queryByRole("list", { name: "Returns and exchanges" })).toBeNull()
  })
})
