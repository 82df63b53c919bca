import { RETURN_REASONS, type Order } from "@fitshop/contracts"
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { buildAddress } from "@/testing/address-factory"
import { deferred } from "@/testing/deferred"
import { answerRoutes, callsTo, errorResponse, jsonResponse, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { buildOrder, buildOrderItem, buildOrderReturn } from "@/testing/order-factory"
import { buildProduct, buildVariant } from "@/testing/product-factory"
import { renderAppSignedIn } from "@/testing/test-utils"

const DELIVERED = { deliveredAt: "2025-03-19T09:15:00.000Z" }

/** A delivered online order of two ₹1,299 hoodies in M, ₹100 of it paid in Dark Coins: both may go back. */
function onlineOrderWithCoins(overrides: Partial<Order> = {}) {
  const hoodie = buildOrderItem({
    title: "Static Shift Hoodie",
    size: "M",
    quantity: 2,
    unitPrice: 129900,
    returnable: true,
    returnableUntil: "2025-03-26T09:15:00.000Z",
    returnableQuantity: 2,
  })
  return buildOrder({ status: "DELIVERED", paymentMethod: "online", darkCoinsDiscount: 10000, items: [hoodie], timeline: DELIVERED, ...overrides })
}

/** A delivered cash-on-delivery order of one ₹1,299 hoodie, ₹50 of it paid in Dark Coins, with the ₹100 fee. */
function codOrder() {
  const hoodie = buildOrderItem({
    title: "Static Shift Hoodie",
    quantity: 1,
    unitPrice: 129900,
    returnable: true,
    returnableUntil: "2025-03-26T09:15:00.000Z",
    returnableQuantity: 1,
  })
  return buildOrder({ status: "DELIVERED", paymentMethod: "cod", darkCoinsDiscount: 5000, codFee: 10000, items: [hoodie], timeline: DELIVERED })
}

/** The product page's answer for `productId`, with a variant per size: [size, in stock]. */
const productAnswer = (productId: string, sizes: [string, boolean][]) => () =>
  jsonResponse({
    product: buildProduct({ id: productId, variants: sizes.map(([size, inStock]) => buildVariant(size, { inStock, stockOnHand: inStock ? 3 : 0 })) }),
    recommendations: { more: [], alsoLike: [] },
  })

const noAddresses = (): ApiRoute => ({ method: "GET", path: "/api/addresses", answer: () => jsonResponse({ addresses: [] }) })

/** A signed-in shopper on the Orders tab with `orders` (what `current()` returns on each read), and `routes` for the rest. */
function openOrders(current: () => Order[], routes: ApiRoute[] = []) {
  return renderAppSignedIn(
    "/account?tab=orders",
    answerRoutes([{ method: "GET", path: "/api/orders/mine", answer: () => jsonResponse({ orders: current() }) }, ...routes]),
  )
}

/** Opens the form from the only order's only asking line with `button` ('Return' or 'Exchange size'). */
async function openForm(button: "Return" | "Exchange size", dialogName: string) {
  fireEvent.click(await screen.findByRole("button", { name: button }))
  return screen.findByRole("dialog", { name: dialogName })
}

const returnsPath = (order: Order) => `/api/orders/${order.id}/returns`

const outcomeOf = (dialog: HTMLElement) => within(dialog).getByRole("region", { name: "What you get" })

describe("asking to return or exchange an order line", () => {
  it("offers the reasons word for word, a quantity up to what may go back, and the pickup at the order's address by default", async () => {
    const order = onlineOrderWithCoins({ items: [buildOrderItem({ quantity: 3, returnable: true, returnableQuantity: 2 })] })
    openOrders(() => [order], [noAddresses()])

    const dialog = await openForm("Return", "Return item")

    const reasons = within(within(dialog).getByRole("group", { name: "Reason" })).getAllByRole("radio")
    expect(reasons.map((radio) => radio.closest("label")?.textContent)).toEqual([...RETURN_REASONS])
    expect(reasons.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true)
    const quantity = within(dialog).getByLabelText("Quantity")
    expect(
      within(quantity)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["1", "2"])
    expect(within(dialog).getByRole("radio", { name: "This order’s delivery address" })).toBeChecked()
    expect(dialog).toHaveAccessibleDescription(order.items[0]!.title + " · Size M")
  })

  it("asks for a note when the reason is Other and sends nothing until there is one", async () => {
    const order = onlineOrderWithCoins()
    const fetchMock = openOrders(
      () => [order],
      [noAddresses(), { method: "POST", path: returnsPath(order), answer: () => jsonResponse({ id: crypto.randomUUID(), status: "requested" }, 201) }],
    )
    const dialog = await openForm("Return", "Return item")

    fireEvent.click(within(dialog).getByRole("button", { name: "Request return" }))
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Choose a reason.")

    fireEvent.click(within(dialog).getByRole("radio", { name: "Other" }))
    fireEvent.click(within(dialog).getByRole("button", { name: "Request return" }))
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Tell us why in a note when the reason is Other")
    const note = within(dialog).getByLabelText("Note (required)")
    expect(note).toHaveAttribute("aria-invalid", "true")
    expect(note).toHaveAttribute("maxlength", "500")
    expect(callsTo(fetchMock, "POST", returnsPath(order))).toHaveLength(0)

    fireEvent.change(note, { target: { value: "  The print is peeling  " } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Request return" }))
    await waitFor(() => {
      expect(callsTo(fetchMock, "POST", returnsPath(order))).toHaveLength(1)
    })
    expect(sentBody(fetchMock, "POST", returnsPath(order))).toEqual({
      lines: [{ lineId: order.items[0]!.id, quantity: 1, reason: "Other", note: "The print is peeling" }],
    })
  })

  it("shows what an online order with coins spent gives back: the money paid to the payment method and the coins as coins", async () => {
    const order = onlineOrderWithCoins()
    openOrders(() => [order], [noAddresses()])
    const dialog = await openForm("Return", "Return item")

    // ₹100 of coins over two hoodies is ₹50 (500 coins) on each.
    expect(outcomeOf(dialog)).toHaveTextContent("₹1,249.00 back to your original payment method")
    expect(outcomeOf(dialog)).toHaveTextContent("500 Dark Coins back")
    expect(outcomeOf(dialog)).not.toHaveTextContent("cash on delivery")

    fireEvent.change(within(dialog).getByLabelText("Quantity"), { target: { value: "2" } })
    expect(outcomeOf(dialog)).toHaveTextContent("₹2,498.00 back to your original payment method")
    expect(outcomeOf(dialog)).toHaveTextContent("1000 Dark Coins back")
  })

  it("counts the refund from the units not yet asked back", async () => {
    // Three ₹1,000 shirts with ₹1 of coins (10 coins): 4, 3 and 3 coins a unit, so the third unit brings back 3.
    const shirt = buildOrderItem({ quantity: 3, unitPrice: 100000, returnable: true, returnableQuantity: 1 })
    const order = buildOrder({ status: "DELIVERED", paymentMethod: "online", darkCoinsDiscount: 100, items: [shirt], timeline: DELIVERED })
    openOrders(() => [order], [noAddresses()])
    const dialog = await openForm("Return", "Return item")

    expect(outcomeOf(dialog)).toHaveTextContent("₹999.70 back to your original payment method")
    expect(outcomeOf(dialog)).toHaveTextContent("3 Dark Coins back")
  })

  it("shows a cash-on-delivery order's refund as Dark Coins and says the COD fee is not refunded", async () => {
    openOrders(() => [codOrder()], [noAddresses()])
    const dialog = await openForm("Return", "Return item")

    // The ₹1,249 paid in cash is 12,490 coins, and the 500 coins spent come back.
    expect(outcomeOf(dialog)).toHaveTextContent("12990 Dark Coins (10 coins = ₹1) to your wallet")
    expect(outcomeOf(dialog)).toHaveTextContent("The ₹100.00 cash on delivery fee is not refunded.")
    expect(outcomeOf(dialog)).not.toHaveTextContent("original payment method")
  })

  it("sends the line, quantity, reason and chosen pickup address, then closes and shows the return on the re-read order", async () => {
    const home = buildAddress({ id: "6f1c9a52-0c1e-4d8e-9a3b-2f5d7c8e9b10", label: "Home", line1: "12 MG Road", city: "Bengaluru", postalCode: "560001" })
    const work = buildAddress({ id: "0b7e2d4c-5a6f-4e3d-8c2b-1a9f8e7d6c5b", label: "Work", line1: "4 Brigade Road", city: "Bengaluru", postalCode: "560025" })
    let order = onlineOrderWithCoins()
    const lineId = order.items[0]!.id!
    const fetchMock = openOrders(
      () => [order],
      [
        { method: "GET", path: "/api/addresses", answer: () => jsonResponse({ addresses: [home, work] }) },
        {
          method: "POST",
          path: returnsPath(order),
          answer: () => {
            order = {
              ...order,
              items: order.items.map((item) => ({ ...item, returnableQuantity: 0, returnable: false })),
              returns: [
                buildOrderReturn({
                  lines: [{ lineId, title: "Static Shift Hoodie", size: "M", quantity: 2, reason: "Size too small", note: null, exchangeSize: null }],
                }),
              ],
            }
            return jsonResponse({ id: order.returns[0]!.id, status: "requested", pickupDate: null }, 201)
          },
        },
      ],
    )
    const dialog = await openForm("Return", "Return item")

    fireEvent.change(within(dialog).getByLabelText("Quantity"), { target: { value: "2" } })
    fireEvent.click(within(dialog).getByRole("radio", { name: "Size too small" }))
    fireEvent.click(await within(dialog).findByRole("radio", { name: "Work: 4 Brigade Road, Bengaluru, 560025" }))
    fireEvent.click(within(dialog).getByRole("button", { name: "Request return" }))

    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull()
    })
    expect(sentBody(fetchMock, "POST", returnsPath(order))).toEqual({
      lines: [{ lineId, quantity: 2, reason: "Size too small" }],
      pickupAddressId: work.id,
    })
    expect(callsTo(fetchMock, "GET", "/api/orders/mine")).toHaveLength(2)
    const returns = await screen.findByRole("list", { name: "Returns and exchanges" })
    expect(within(returns).getByRole("listitem", { name: "Return" })).toHaveTextContent("Size M · Qty 2 · Size too small")
    expect(screen.queryByRole("button", { name: "Return" })).toBeNull()
  })

  it("shows the server's reason for a 409 and keeps what was typed", async () => {
    const order = onlineOrderWithCoins()
    openOrders(
      () => [order],
      [noAddresses(), { method: "POST", path: returnsPath(order), answer: () => errorResponse("A return for these items is already on its way.", 409) }],
    )
    const dialog = await openForm("Return", "Return item")

    fireEvent.change(within(dialog).getByLabelText("Quantity"), { target: { value: "2" } })
    fireEvent.click(within(dialog).getByRole("radio", { name: "Quality issue" }))
    fireEvent.change(within(dialog).getByLabelText("Note (optional)"), { target: { value: "Seam came apart" } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Request return" }))

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^A return for these items is already on its way\.$/)
    expect(screen.getByRole("dialog", { name: "Return item" })).toBe(dialog)
    expect(within(dialog).getByLabelText("Quantity")).toHaveValue("2")
    expect(within(dialog).getByRole("radio", { name: "Quality issue" })).toBeChecked()
    expect(within(dialog).getByLabelText("Note (optional)")).toHaveValue("Seam came apart")
    expect(within(dialog).getByRole("button", { name: "Request return" })).toBeEnabled()
  })

  it("disables the button while the request is on its way, so it is sent once", async () => {
    const order = onlineOrderWithCoins()
    const answer = deferred<Response>()
    const fetchMock = openOrders(() => [order], [noAddresses(), { method: "POST", path: returnsPath(order), answer: () => answer.promise }])
    const dialog = await openForm("Return", "Return item")

    fireEvent.click(within(dialog).getByRole("radio", { name: "Changed my mind" }))
    fireEvent.click(within(dialog).getByRole("button", { name: "Request return" }))

    const sending = await within(dialog).findByRole("button", { name: "Sending…" })
    expect(sending).toBeDisabled()
    fireEvent.submit(sending.closest("form")!)
    expect(callsTo(fetchMock, "POST", returnsPath(order))).toHaveLength(1)

    answer.resolve(jsonResponse({ id: crypto.randomUUID(), status: "requested" }, 201))
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull()
    })
  })

  it("offers an exchange only the product's other sizes, those out of stock disabled, and sends the size chosen", async () => {
    const order = onlineOrderWithCoins()
    const item = order.items[0]!
    const fetchMock = openOrders(
      () => [order],
      [
        noAddresses(),
        {
          method: "GET",
          path: `/api/products/${item.productId}`,
          answer: productAnswer(item.productId, [
            ["S", true],
            ["M", true],
            ["L", false],
            ["XL", true],
          ]),
        },
        { method: "POST", path: returnsPath(order), answer: () => jsonResponse({ id: crypto.randomUUID(), status: "requested" }, 201) },
      ],
    )
    const dialog = await openForm("Exchange size", "Exchange size")

    const sizes = await within(dialog).findByRole("group", { name: "New size" })
    const buttons = within(sizes).getAllByRole("button")
    expect(buttons.map((button) => button.textContent)).toEqual(["S", "L", "XL"])
    expect(buttons.filter((button) => !(button as HTMLButtonElement).disabled).map((button) => button.textContent)).toEqual(["S", "XL"])
    expect(within(sizes).getByRole("button", { name: "L (out of stock)" })).toBeDisabled()
    expect(outcomeOf(dialog)).not.toHaveTextContent("original payment method")

    fireEvent.click(within(dialog).getByRole("radio", { name: "Size too small" }))
    fireEvent.click(within(dialog).getByRole("button", { name: "Request exchange" }))
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Choose the size you want instead.")

    fireEvent.click(within(sizes).getByRole("button", { name: "XL" }))
    expect(within(sizes).getByRole("button", { name: "XL" })).toHaveAttribute("aria-pressed", "true")
    expect(outcomeOf(dialog)).toHaveTextContent("No charge: we'll ship size XL when the courier picks up your return.")
    fireEvent.click(within(dialog).getByRole("button", { name: "Request exchange" }))

    await waitFor(() => {
      expect(callsTo(fetchMock, "POST", returnsPath(order))).toHaveLength(1)
    })
    expect(sentBody(fetchMock, "POST", returnsPath(order))).toEqual({ lines: [{ lineId: item.id, quantity: 1, reason: "Size too small", exchangeSize: "XL" }] })
  })

  it("says so when no other size is in stock", async () => {
    const order = onlineOrderWithCoins()
    const item = order.items[0]!
    openOrders(
      () => [order],
      [
        noAddresses(),
        {
          method: "GET",
          path: `/api/products/${item.productId}`,
          answer: productAnswer(item.productId, [
            ["M", true],
            ["L", false],
          ]),
        },
      ],
    )
    const dialog = await openForm("Exchange size", "Exchange size")

    expect(await within(dialog).findByText("No other size is in stock right now.")).toBeInTheDocument()
    expect(within(dialog).queryByRole("group", { name: "New size" })).toBeNull()
  })

  it("closes on Cancel and gives the focus back to the button that opened it", async () => {
    openOrders(() => [onlineOrderWithCoins()], [noAddresses()])
    const opener = await screen.findByRole("button", { name: "Return" })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole("dialog", { name: "Return item" })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }))

    expect(screen.queryByRole("dialog")).toBeNull()
    expect(opener).toHaveFocus()
  })
})
