import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { buildCart, buildCartItem, buildSizelessCartItem } from "@/testing/cart-factory"
import { deferred } from "@/testing/deferred"
import { answerRoutes, callsTo, errorResponse, jsonResponse, mockSessionApi, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { currentLocation, renderApp, renderAppSignedIn } from "@/testing/test-utils"
import type { Bag, BagItem } from "@fitshop/contracts"

/** A signed-in shopper on /cart; GET /api/cart answers `cart()` each time, `routes` answer the rest. */
function openCart(cart: () => Bag | Promise<Bag>, routes: ApiRoute[] = []) {
  return renderAppSignedIn("/cart", answerRoutes([{ method: "GET", path: "/api/cart", answer: async () => jsonResponse(await cart()) }, ...routes]))
}

/**
 * Answers the first load of `cart` at once and holds every reload until `release()`, so a test sees
 * what the screen shows after a failed change and before the server's bag replaces it.
 */
function holdReloads(cart: Bag) {
  const reload = deferred<undefined>()
  let loads = 0
  return {
    cart: async () => {
      loads += 1
      if (loads > 1) await reload.promise
      return cart
    },
    reloadAsked: () => loads > 1,
    release: () => {
      reload.resolve(undefined)
    },
  }
}

const findLine = (item: BagItem) => screen.findByRole("listitem", { name: item.product.title })

/** The amount the order summary shows beside `term` ('Subtotal', 'Dark Coins Discount', 'Total'), or null. */
function summaryValue(term: string): string | null {
  const summary = screen.getByRole("region", { name: "Order Summary" })
  const label = within(summary).queryByText(term, { selector: "dt" })
  return label?.nextElementSibling?.textContent ?? null
}

const storedDarkCoins = (): unknown => JSON.parse(window.sessionStorage.getItem("checkout_dark_coins") ?? "null")

describe("/cart states", () => {
  it("asks a signed-out visitor to log in without calling the cart; 'Go to Login' remembers /cart", async () => {
    const fetchMock = mockSessionApi(null)
    renderApp("/cart")

    expect(await screen.findByRole("heading", { name: "You're not signed in" })).toBeInTheDocument()
    expect(screen.getByText("To see your cart items, please log in.")).toBeInTheDocument()
    expect(screen.queryByRole("alert")).toBeNull()
    expect(callsTo(fetchMock, "GET", "/api/cart")).toHaveLength(0)

    fireEvent.click(screen.getByRole("button", { name: "Go to Login" }))

    expect(window.sessionStorage.getItem("return_to_path")).toBe("/cart")
    expect(currentLocation()).toBe("/login?next=%2Fcart")
  })

  it("says 'Please sign in to view your cart.' and shows the sign-in screen when the cart call answers 401", async () => {
    renderAppSignedIn("/cart", () => errorResponse("Unauthorized", 401))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Please sign in to view your cart\.$/)
    expect(screen.getByRole("heading", { name: "You're not signed in" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Go to Login" })).toBeInTheDocument()
  })

  it("shows 'Failed to load cart' when the cart cannot be loaded", async () => {
    renderAppSignedIn("/cart", () => errorResponse("Database unavailable", 500))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load cart$/)
  })

  it("shows the loading state, then the empty bag with a way back to the shop", async () => {
    openCart(() => buildCart([]))

    expect(screen.getByRole("status")).toHaveTextContent("Loading your bag…")
    expect(await screen.findByText("Your cart is empty. Add some legendary pieces to get started")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop")
    expect(screen.queryByRole("button", { name: "Place Order" })).toBeNull()
  })

  it("lists each line with its image, title link, size, quantity and prices, and sums the order", async () => {
    const hoodie = buildCartItem({ product: { title: "Static Shift Hoodie", basePrice: 129900 }, quantity: 2 })
    const tee = buildCartItem({ product: { title: "Night Run Tee" }, unitPrice: 49950, size: "L" })
    openCart(() => buildCart([hoodie, tee]))

    const line = await findLine(hoodie)
    expect(within(line).getByRole("link", { name: "Static Shift Hoodie" })).toHaveAttribute("href", `/product/${hoodie.productId}`)
    expect(within(line).getByRole("img")).toHaveAttribute("src", `${window.location.origin}/media/products/${hoodie.productId}.jpg`)
    expect(within(line).getByLabelText("Size")).toHaveValue("M")
    expect(within(line).getByRole("group", { name: "Quantity" })).toHaveTextContent("2")
    expect(line).toHaveTextContent("₹2,598.00")
    expect(line).toHaveTextContent("₹1,299.00 × 2")
    expect(within(line).queryByText("required before payment")).toBeNull()
    expect(await findLine(tee)).toHaveTextContent("₹499.50")

    expect(summaryValue("Subtotal")).toBe("₹3,097.50")
    expect(summaryValue("Dark Coins Discount")).toBeNull()
    expect(summaryValue("Total")).toBe("₹3,097.50")
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop")
  })

  it("says the cash on delivery fee in the bag, before checkout, without adding it to the total", async () => {
    openCart(() => buildCart([buildCartItem({ product: { basePrice: 129900 } })]))

    const summary = await screen.findByRole("region", { name: "Order Summary" })
    expect(within(summary).getByText("Paying by cash on delivery adds a ₹100.00 COD fee.")).toBeInTheDocument()
    expect(summaryValue("COD Fee")).toBeNull()
    expect(summaryValue("Total")).toBe("₹1,299.00")
  })

  it("goes to /payments on 'Place Order' when every line has what it needs", async () => {
    openCart(() => buildCart([buildCartItem()]))

    fireEvent.click(await screen.findByRole("button", { name: "Place Order" }))

    expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeInTheDocument()
    expect(currentLocation()).toBe("/payments")
  })
})

describe("/cart quantity", () => {
  it("shows the new quantity before the server answers, sends it, and keeps the server's bag", async () => {
    const item = buildCartItem({ unitPrice: 50000 })
    let bag = buildCart([item])
    const put = deferred<Response>()
    const fetchMock = openCart(() => bag, [{ method: "PUT", path: `/api/cart/${item.id}`, answer: () => put.promise }])
    const line = await findLine(item)

    fireEvent.click(within(line).getByRole("button", { name: "Increase quantity" }))

    await waitFor(() => {
      expect(within(line).getByRole("group", { name: "Quantity" })).toHaveTextContent("2")
    })
    expect(summaryValue("Subtotal")).toBe("₹1,000.00")
    await waitFor(() => {
      expect(sentBody(fetchMock, "PUT", `/api/cart/${item.id}`)).toEqual({ quantity: 2 })
    })
    expect(within(line).getByRole("button", { name: "Increase quantity" })).toBeDisabled()

    bag = buildCart([{ ...item, quantity: 2, lineTotal: 100000 }])
    put.resolve(jsonResponse(bag))

    await waitFor(() => {
      expect(within(line).getByRole("button", { name: "Increase quantity" })).toBeEnabled()
    })
    expect(within(line).getByRole("group", { name: "Quantity" })).toHaveTextContent("2")
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("puts the quantity back with 'Could not update quantity' when the call fails, then reloads the bag", async () => {
    const item = buildCartItem({ quantity: 3 })
    const server = holdReloads(buildCart([item]))
    const put = deferred<Response>()
    openCart(server.cart, [{ method: "PUT", path: `/api/cart/${item.id}`, answer: () => put.promise }])
    const line = await findLine(item)

    fireEvent.click(within(line).getByRole("button", { name: "Decrease quantity" }))
    await waitFor(() => {
      expect(within(line).getByRole("group", { name: "Quantity" })).toHaveTextContent("2")
    })
    put.resolve(errorResponse("Only 1 left in size M", 409, { available: 1 }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not update quantity$/)
    expect(within(line).getByRole("group", { name: "Quantity" })).toHaveTextContent("3")
    await waitFor(() => {
      expect(server.reloadAsked()).toBe(true)
    })
    server.release()
  })

  it("keeps the quantity between 1 and 10", async () => {
    const single = buildCartItem({ quantity: 1 })
    const ten = buildCartItem({ quantity: 10 })
    openCart(() => buildCart([single, ten]))

    const singleLine = await findLine(single)
    expect(within(singleLine).getByRole("button", { name: "Decrease quantity" })).toBeDisabled()
    expect(within(singleLine).getByRole("button", { name: "Increase quantity" })).toBeEnabled()
    const tenLine = await findLine(ten)
    expect(within(tenLine).getByRole("button", { name: "Increase quantity" })).toBeDisabled()
    expect(within(tenLine).getByRole("button", { name: "Decrease quantity" })).toBeEnabled()
  })
})

describe("/cart remove", () => {
  it("takes the line off at once and sends DELETE", async () => {
    const kept = buildCartItem({ product: { title: "Kept Cargo Pants" } })
    const removed = buildCartItem({ product: { title: "Removed Polo" } })
    const remove = deferred<Response>()
    const fetchMock = openCart(() => buildCart([kept, removed]), [{ method: "DELETE", path: `/api/cart/${removed.id}`, answer: () => remove.promise }])

    fireEvent.click(within(await findLine(removed)).getByRole("button", { name: "Remove" }))

    await waitFor(() => {
      expect(screen.queryByRole("listitem", { name: "Removed Polo" })).toBeNull()
    })
    expect(summaryValue("Subtotal")).toBe("₹1,299.00")
    expect(callsTo(fetchMock, "DELETE", `/api/cart/${removed.id}`)).toHaveLength(1)
    remove.resolve(jsonResponse(buildCart([kept])))
    expect(await findLine(kept)).toBeInTheDocument()
  })

  it("brings the line back with 'Could not remove item' when the call fails", async () => {
    const item = buildCartItem({ product: { title: "Last Hoodie" } })
    const server = holdReloads(buildCart([item]))
    const remove = deferred<Response>()
    openCart(server.cart, [{ method: "DELETE", path: `/api/cart/${item.id}`, answer: () => remove.promise }])

    fireEvent.click(within(await findLine(item)).getByRole("button", { name: "Remove" }))
    expect(await screen.findByText("Your cart is empty. Add some legendary pieces to get started")).toBeInTheDocument()
    remove.resolve(errorResponse("Database unavailable", 500))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not remove item$/)
    expect(await findLine(item)).toBeInTheDocument()
    await waitFor(() => {
      expect(server.reloadAsked()).toBe(true)
    })
    server.release()
  })
})

describe("/cart sizes", () => {
  it("flags a line without a size with 'required before payment' and holds 'Place Order' until it has one", async () => {
    const item = buildSizelessCartItem({ availableSizes: ["M", "L"] })
    openCart(() => buildCart([item, buildCartItem()]))

    const line = await findLine(item)
    expect(within(line).getByText("required before payment")).toBeInTheDocument()
    expect(within(line).getByLabelText("Size")).toHaveValue("")
    expect(within(line).getByLabelText("Size")).toHaveAttribute("aria-invalid", "true")
    expect(
      within(line)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Select size", "M", "L"])
    const place = screen.getByRole("button", { name: "SELECT SIZES TO CONTINUE" })
    expect(place).toHaveAttribute("aria-disabled", "true")
    expect(screen.queryByRole("button", { name: "Place Order" })).toBeNull()

    fireEvent.click(place)

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Please select a size for all applicable items before checkout\.$/)
    expect(currentLocation()).toBe("/cart")
  })

  it("clears the flag as soon as a size is chosen, sends it, and follows the line to its new id", async () => {
    const item = buildSizelessCartItem({ availableSizes: ["M", "L"] })
    const sized: BagItem = { ...item, id: "line_sized_L", size: "L", sizeRequired: false }
    let current = buildCart([item])
    const patch = deferred<Response>()
    const fetchMock = openCart(
      () => current,
      [
        { method: "PATCH", path: `/api/cart/items/${item.id}`, answer: () => patch.promise },
        {
          method: "PUT",
          path: "/api/cart/line_sized_L",
          answer: () => jsonResponse(buildCart([{ ...sized, quantity: 2, lineTotal: sized.lineTotal * 2 }])),
        },
      ],
    )
    const line = await findLine(item)

    fireEvent.change(within(line).getByLabelText("Size"), { target: { value: "L" } })

    await waitFor(() => {
      expect(screen.queryByText("required before payment")).toBeNull()
    })
    expect(screen.getByRole("button", { name: "Place Order" })).not.toHaveAttribute("aria-disabled")
    await waitFor(() => {
      expect(sentBody(fetchMock, "PATCH", `/api/cart/items/${item.id}`)).toEqual({ size: "L" })
    })

    current = buildCart([sized])
    patch.resolve(jsonResponse(current))
    const increase = () =>
      within(screen.getByRole("listitem", { name: sized.product.title })).getByRole("button", {
        name: "Increase quantity",
      })
    await waitFor(() => {
      expect(increase()).toBeEnabled()
    })
    expect(within(screen.getByRole("listitem", { name: sized.product.title })).getByLabelText("Size")).toHaveValue("L")
    fireEvent.click(increase())

    await waitFor(() => {
      expect(callsTo(fetchMock, "PUT", "/api/cart/line_sized_L")).toHaveLength(1)
    })
    expect(callsTo(fetchMock, "PUT", `/api/cart/${item.id}`)).toHaveLength(0)
  })

  it("clears the size and says 'Selected size is out of stock' when the size call answers 409", async () => {
    const item = buildCartItem({ size: "M", availableSizes: ["M", "L"] })
    const server = holdReloads(buildCart([item]))
    openCart(server.cart, [
      {
        method: "PATCH",
        path: `/api/cart/items/${item.id}`,
        answer: () => errorResponse("Selected size is out of stock", 409),
      },
    ])
    const line = await findLine(item)

    fireEvent.change(within(line).getByLabelText("Size"), { target: { value: "L" } })

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Selected size is out of stock$/)
    expect(within(line).getByLabelText("Size")).toHaveValue("")
    expect(within(line).getByText("required before payment")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "SELECT SIZES TO CONTINUE" })).toBeInTheDocument()
    await waitFor(() => {
      expect(server.reloadAsked()).toBe(true)
    })
    server.release()
    await waitFor(() => {
      expect(within(line).getByLabelText("Size")).toHaveValue("M")
    })
  })

  it("puts the previous size back with 'Could not update size' when the call fails otherwise", async () => {
    const item = buildCartItem({ size: "M", availableSizes: ["M", "L"] })
    const server = holdReloads(buildCart([item]))
    openCart(server.cart, [{ method: "PATCH", path: `/api/cart/items/${item.id}`, answer: () => errorResponse("Database unavailable", 500) }])
    const line = await findLine(item)

    fireEvent.change(within(line).getByLabelText("Size"), { target: { value: "L" } })

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not update size$/)
    expect(within(line).getByLabelText("Size")).toHaveValue("M")
    expect(screen.queryByText("required before payment")).toBeNull()
    server.release()
  })
})

describe("/cart Dark Coins", () => {
  const withCoins = (items: BagItem[]) => buildCart(items, { darkCoins: 2500, usableDiscount: 20000, coinsToSpend: 2000 })

  it("shows the balance, applies the usable discount and stores it; Remove takes it off again", async () => {
    openCart(() => withCoins([buildCartItem({ unitPrice: 129900 })]))

    const box = await screen.findByRole("region", { name: "Dark Coins" })
    expect(box).toHaveTextContent("Balance: 2500 coins")
    expect(box).toHaveTextContent("Use 2000 coins to save ₹200.00")
    expect(summaryValue("Dark Coins Discount")).toBeNull()
    expect(storedDarkCoins()).toBeNull()

    fireEvent.click(within(box).getByRole("button", { name: "Apply" }))

    expect(summaryValue("Dark Coins Discount")).toBe("-₹200.00")
    expect(summaryValue("Total")).toBe("₹1,099.00")
    await waitFor(() => {
      expect(storedDarkCoins()).toEqual({ applied: true, coins: 2000 })
    })

    fireEvent.click(within(box).getByRole("button", { name: "Remove" }))

    expect(summaryValue("Dark Coins Discount")).toBeNull()
    expect(summaryValue("Total")).toBe("₹1,299.00")
    expect(within(box).getByRole("button", { name: "Apply" })).toBeInTheDocument()
    await waitFor(() => {
      expect(storedDarkCoins()).toEqual({ applied: false, coins: 0 })
    })
  })

  it("offers nothing to apply when the usable discount is 0, and clears a stored choice", async () => {
    window.sessionStorage.setItem("checkout_dark_coins", JSON.stringify({ applied: true, coins: 2000 }))
    openCart(() => buildCart([buildCartItem()], { darkCoins: 50, usableDiscount: 0, coinsToSpend: 0 }))

    const box = await screen.findByRole("region", { name: "Dark Coins" })
    expect(box).toHaveTextContent("Balance: 50 coins")
    expect(box).toHaveTextContent("Not enough Dark Coins to use on this order.")
    expect(within(box).queryByRole("button")).toBeNull()
    expect(summaryValue("Dark Coins Discount")).toBeNull()
    await waitFor(() => {
      expect(storedDarkCoins()).toEqual({ applied: false, coins: 0 })
    })
  })

  it("stays off once the usable discount fell to 0, even when the bag offers one again", async () => {
    window.sessionStorage.setItem("checkout_dark_coins", JSON.stringify({ applied: true, coins: 2000 }))
    const item = buildCartItem({ quantity: 1 })
    let bag = buildCart([item], { darkCoins: 2500, usableDiscount: 0, coinsToSpend: 0 })
    openCart(
      () => bag,
      [
        {
          method: "PUT",
          path: `/api/cart/${item.id}`,
          answer: () => {
            bag = withCoins([{ ...item, quantity: 2, lineTotal: item.lineTotal * 2 }])
            return jsonResponse(bag)
          },
        },
      ],
    )

    await screen.findByRole("region", { name: "Dark Coins" })
    fireEvent.click(within(await findLine(item)).getByRole("button", { name: "Increase quantity" }))

    const box = screen.getByRole("region", { name: "Dark Coins" })
    expect(await within(box).findByRole("button", { name: "Apply" })).toBeInTheDocument()
    expect(summaryValue("Dark Coins Discount")).toBeNull()
    expect(storedDarkCoins()).toEqual({ applied: false, coins: 0 })
  })

  it("keeps a stored choice applied and follows the coins the reloaded bag would spend", async () => {
    window.sessionStorage.setItem("checkout_dark_coins", JSON.stringify({ applied: true, coins: 2000 }))
    const item = buildCartItem({ unitPrice: 129900 })
    let bag = withCoins([item])
    const fetchMock = openCart(
      () => bag,
      [
        {
          method: "PUT",
          path: `/api/cart/${item.id}`,
          answer: () => {
            bag = buildCart([{ ...item, quantity: 2, lineTotal: 259800 }], {
              darkCoins: 3500,
              usableDiscount: 30000,
              coinsToSpend: 3000,
            })
            return jsonResponse(bag)
          },
        },
      ],
    )

    await screen.findByRole("region", { name: "Order Summary" })
    expect(summaryValue("Dark Coins Discount")).toBe("-₹200.00")
    fireEvent.click(within(await findLine(item)).getByRole("button", { name: "Increase quantity" }))

    await waitFor(() => {
      expect(summaryValue("Dark Coins Discount")).toBe("-₹300.00")
    })
    expect(summaryValue("Total")).toBe("₹2,298.00")
    await waitFor(() => {
      expect(storedDarkCoins()).toEqual({ applied: true, coins: 3000 })
    })
    expect(callsTo(fetchMock, "PUT", `/api/cart/${item.id}`)).toHaveLength(1)
  })
})
