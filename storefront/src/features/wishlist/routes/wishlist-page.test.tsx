import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { answerRoutes, callsTo, errorResponse, jsonResponse, mockSessionApi, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { currentLocation, renderApp, renderAppSignedIn } from "@/testing/test-utils"
import { buildWishlistItem } from "@/testing/wishlist-factory"
import type { WishlistItem } from "@fitshop/contracts"

/** A signed-in shopper on /wishlist; GET /api/wishlist answers `items()` each time, `routes` answer the rest. */
function openWardrobe(items: () => WishlistItem[], routes: ApiRoute[] = []) {
  return renderAppSignedIn("/wishlist", answerRoutes([{ method: "GET", path: "/api/wishlist", answer: () => jsonResponse({ items: items() }) }, ...routes]))
}

const findCard = (item: WishlistItem) => screen.findByRole("listitem", { name: item.product.title })

describe("/wishlist states", () => {
  it("asks a signed-out visitor to sign in without calling the wardrobe", async () => {
    const fetchMock = mockSessionApi(null)
    renderApp("/wishlist")

    expect(await screen.findByText("Please sign in to view your wishlist.")).toBeInTheDocument()
    expect(callsTo(fetchMock, "GET", "/api/wishlist")).toHaveLength(0)
    fireEvent.click(screen.getByRole("button", { name: "Go to Login" }))
    expect(window.sessionStorage.getItem("return_to_path")).toBe("/wishlist")
    expect(currentLocation()).toBe("/login?next=%2Fwishlist")
  })

  it("shows the sign-in prompt with 'Please sign in to view your wishlist.' when the call answers 401", async () => {
    renderAppSignedIn("/wishlist", () => errorResponse("Unauthorized", 401))

    expect(await screen.findByText("Please sign in to view your wishlist.")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Go to Login" })).toBeInTheDocument()
  })

  it("shows 'Failed to load wishlist' when the wardrobe cannot be loaded", async () => {
    renderAppSignedIn("/wishlist", () => errorResponse("Database unavailable", 500))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load wishlist$/)
  })

  it("shows 'Your wardrobe is empty' with 'Explore Collections' to /shop", async () => {
    openWardrobe(() => [])

    expect(screen.getByRole("status")).toHaveTextContent("Loading your wardrobe…")
    expect(await screen.findByText("Your wardrobe is empty")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Explore Collections" })).toHaveAttribute("href", "/shop")
  })

  it("shows each saved product with its category chip, title, price and a link to it", async () => {
    const hoodie = buildWishlistItem({ title: "Static Shift Hoodie", subcategory: "Hoodies", basePrice: 159900 })
    const kurta = buildWishlistItem({
      title: "Indigo Kurta",
      gender: "WOMEN",
      categoryType: null,
      subcategory: null,
      styleGroup: "TRADITIONS",
    })
    openWardrobe(() => [hoodie, kurta])

    const hoodieCard = await findCard(hoodie)
    expect(hoodieCard).toHaveTextContent("Hoodies")
    expect(hoodieCard).toHaveTextContent("₹1,599.00")
    expect(within(hoodieCard).getByRole("link")).toHaveAttribute("href", `/product/${hoodie.productId}`)
    expect(await findCard(kurta)).toHaveTextContent("Traditions")
  })
})

describe("/wishlist actions", () => {
  it("removes a product from the wardrobe", async () => {
    const kept = buildWishlistItem({ title: "Kept Tee" })
    const removed = buildWishlistItem({ title: "Removed Jeans" })
    let items = [kept, removed]
    const fetchMock = openWardrobe(
      () => items,
      [
        {
          method: "DELETE",
          path: `/api/wishlist/${removed.id}`,
          answer: () => {
            items = [kept]
            return new Response(null, { status: 204 })
          },
        },
      ],
    )

    fireEvent.click(within(await findCard(removed)).getByRole("button", { name: "Remove" }))

    await waitFor(() => {
      expect(screen.queryByRole("listitem", { name: "Removed Jeans" })).toBeNull()
    })
    expect(callsTo(fetchMock, "DELETE", `/api/wishlist/${removed.id}`)).toHaveLength(1)
    expect(screen.getByRole("listitem", { name: "Kept Tee" })).toBeInTheDocument()
  })

  it("keeps the product and says 'Could not remove from wishlist' when removing fails", async () => {
    const item = buildWishlistItem()
    openWardrobe(() => [item], [{ method: "DELETE", path: `/api/wishlist/${item.id}`, answer: () => errorResponse("Database unavailable", 500) }])

    fireEvent.click(within(await findCard(item)).getByRole("button", { name: "Remove" }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not remove from wishlist$/)
    expect(screen.getByRole("listitem", { name: item.product.title })).toBeInTheDocument()
  })

  it("adds a product to the bag without a size, then reads 'Added to cart'", async () => {
    const item = buildWishlistItem({ title: "Wardrobe Polo" })
    const fetchMock = openWardrobe(() => [item], [{ method: "POST", path: "/api/cart", answer: () => jsonResponse({ items: [], summary: {} }, 201) }])
    const card = await findCard(item)

    fireEvent.click(within(card).getByRole("button", { name: "Add to cart" }))

    expect(await within(card).findByRole("button", { name: "Added to cart" })).toBeDisabled()
    expect(sentBody(fetchMock, "POST", "/api/cart")).toEqual({
      productId: item.productId,
      quantity: 1,
      size: null,
      refPostId: null,
    })
  })

  it("says 'Could not add to cart' and lets the shopper try again when adding fails, clearing it when they do", async () => {
    const item = buildWishlistItem()
    openWardrobe(() => [item], [{ method: "POST", path: "/api/cart", answer: () => errorResponse("Not found", 404) }])
    const card = await findCard(item)

    fireEvent.click(within(card).getByRole("button", { name: "Add to cart" }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not add to cart$/)
    expect(within(card).getByRole("button", { name: "Add to cart" })).toBeEnabled()
    fireEvent.click(within(card).getByRole("button", { name: "Add to cart" }))
    expect(screen.queryByRole("alert")).toBeNull()
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not add to cart$/)
  })

  it("opens the sign-in dialog when adding answers 401", async () => {
    const item = buildWishlistItem()
    openWardrobe(() => [item], [{ method: "POST", path: "/api/cart", answer: () => errorResponse("Unauthorized", 401) }])

    fireEvent.click(within(await findCard(item)).getByRole("button", { name: "Add to cart" }))

    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument()
  })
})
