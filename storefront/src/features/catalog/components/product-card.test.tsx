import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { calledUrls, callsTo, errorResponse, jsonResponse, mockSessionApi, type FetchHandler } from "@/testing/mock-fetch"
import { buildProduct } from "@/testing/product-factory"
import { currentLocation, renderWithProviders } from "@/testing/test-utils"
import { buildSession, storeSession } from "@/testing/user-factory"
import { buildWishlistItem } from "@/testing/wishlist-factory"
import type { ProductImage } from "@fitshop/contracts"
import { ProductCard } from "./product-card"

const image = (url: string, overrides: Partial<ProductImage> = {}): ProductImage => ({
  url,
  altText: null,
  isPrimary: false,
  position: 0,
  ...overrides,
})

const origin = window.location.origin

function renderCardImage(...args: Parameters<typeof buildProduct>) {
  const product = buildProduct(...args)
  renderWithProviders(<ProductCard product={product} />)
  return { product, card: screen.getByTestId("product-card") }
}

describe("ProductCard image", () => {
  it("shows the primary image, resolved against the page origin, with its srcSet and the grid sizes", () => {
    const srcSet = "/media/products/x.webp?w=320 320w, /media/products/x.webp?w=480 480w, /media/products/x.webp?w=800 800w"
    const { card } = renderCardImage({
      imageUrl: "/media/legacy.jpg",
      images: [
        image("/media/first.jpg", { position: 0, srcSet: "/media/first.jpg?w=320 320w" }),
        image("/media/products/x.webp", { position: 1, isPrimary: true, srcSet }),
      ],
    })
    const img = card.querySelector("img")
    expect(img).toHaveAttribute("src", `${origin}/media/products/x.webp`)
    expect(img).toHaveAttribute("srcset", srcSet)
    expect(img).toHaveAttribute("sizes", "(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw")
  })

  it("renders neither srcset nor sizes when the image has no srcSet", () => {
    const { card } = renderCardImage({ images: [image("/media/plain.jpg", { isPrimary: true })] })
    const img = card.querySelector("img")
    expect(img).toHaveAttribute("src", `${origin}/media/plain.jpg`)
    expect(img).not.toHaveAttribute("srcset")
    expect(img).not.toHaveAttribute("sizes")
  })

  it("renders no img when the product has no image at all", () => {
    const { card } = renderCardImage({ imageUrl: null, images: [] })
    expect(card.querySelector("img")).toBeNull()
  })
})

describe("ProductCard", () => {
  it("links the whole card to the product page and names it by the title", () => {
    const { product } = renderCardImage({ id: "prod_abc", title: "Shadow Oversized Tee" })
    const link = screen.getByRole("link", { name: /Shadow Oversized Tee/ })
    expect(link).toHaveAttribute("href", "/product/prod_abc")
    expect(link).toHaveAttribute("data-testid", "product-card")
    expect(product.id).toBe("prod_abc")
  })

  it("shows the price in rupees from paise", () => {
    renderCardImage({ basePrice: 249950 })
    expect(screen.getByText("₹2,499.50")).toBeInTheDocument()
  })
})

describe("ProductCard images", () => {
  it("gives the image the 4:5 size of the catalogue photos and loads it lazily by default", () => {
    const { card } = renderCardImage()
    const img = card.querySelector("img")
    expect(img).toHaveAttribute("width", "800")
    expect(img).toHaveAttribute("height", "1000")
    expect(img).toHaveAttribute("loading", "lazy")
  })

  it("loads a first-row image eagerly", () => {
    renderWithProviders(<ProductCard product={buildProduct()} imageLoading="eager" />)
    expect(screen.getByTestId("product-card").querySelector("img")).toHaveAttribute("loading", "eager")
  })
})

const SHOP_ROUTE = "/shop?g=MEN&type=LOWERS&sub=Jeans&fabric=Denim"

/** Renders a card on the catalogue for a signed-in shopper whose cart and wishlist calls `handler` answers. */
function renderSignedInCard(handler: FetchHandler) {
  const session = buildSession()
  storeSession(session)
  const fetchMock = mockSessionApi(session, handler)
  const product = buildProduct({ title: "Rust Denim Jeans" })
  renderWithProviders(<ProductCard product={product} />, { route: SHOP_ROUTE })
  return { fetchMock, product }
}

const postsTo = (fetchMock: ReturnType<typeof mockSessionApi>, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === path && init?.method === "POST")

describe("ProductCard add to bag", () => {
  // The add-to-bag machine itself is the shared button's (components/ui/add-to-bag-button.test.tsx); these are the card's labels and wiring.
  it("posts the product with quantity 1, no size and the stored referral, then reads Added and is disabled", async () => {
    window.localStorage.setItem("ref_post", "42")
    window.localStorage.setItem("ref_post_exp", String(Date.now() + 60_000))
    const { fetchMock, product } = renderSignedInCard(() => jsonResponse({ ok: true }, 201))

    fireEvent.click(screen.getByRole("button", { name: "Add to bag" }))

    expect(screen.getByRole("button", { name: "Adding…" })).toBeDisabled()
    expect(await screen.findByRole("button", { name: "Added" })).toBeDisabled()
    const [call] = postsTo(fetchMock, "/api/cart")
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      productId: product.id,
      quantity: 1,
      size: null,
      refPostId: "42",
    })
    expect(currentLocation()).toBe(SHOP_ROUTE)
  })

  it("shows 'Could not add to cart' when the call fails, and lets the shopper try again", async () => {
    renderSignedInCard(() => errorResponse("Not found", 404))

    fireEvent.click(screen.getByRole("button", { name: "Add to bag" }))

    expect(await screen.findByRole("alert")).toHaveTextContent("Could not add to cart")
    expect(screen.getByRole("button", { name: "Add to bag" })).toBeEnabled()
    expect(screen.queryByRole("dialog")).toBeNull()
  })

  it("opens the sign-in dialog on a 401; Sign in remembers the catalogue view and goes to /login", async () => {
    const { fetchMock } = renderSignedInCard(() => errorResponse("Unauthorized", 401))

    fireEvent.click(screen.getByRole("button", { name: "Add to bag" }))

    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" })
    expect(dialog).toHaveAttribute("aria-modal", "true")
    expect(dialog).toHaveTextContent("You need to be signed in to add items to your bag.")
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    expect(postsTo(fetchMock, "/api/cart").length).toBeGreaterThan(0)

    fireEvent.click(within(dialog).getByRole("button", { name: "Sign in" }))

    expect(window.sessionStorage.getItem("return_to_path")).toBe(SHOP_ROUTE)
    expect(currentLocation()).toBe(`/login?next=${encodeURIComponent(SHOP_ROUTE)}`)
  })

  it("asks a signed-out visitor to sign in without calling the cart, and Not now closes the dialog", () => {
    const fetchMock = mockSessionApi(null)
    renderWithProviders(<ProductCard product={buildProduct()} />, { route: SHOP_ROUTE })

    fireEvent.click(screen.getByRole("button", { name: "Add to bag" }))
    const dialog = screen.getByRole("dialog", { name: "Sign in to continue" })
    expect(within(dialog).getByRole("button", { name: "Not now" })).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole("button", { name: "Not now" }))

    expect(screen.queryByRole("dialog")).toBeNull()
    expect(calledUrls(fetchMock, "/api/cart")).toHaveLength(0)
    expect(window.sessionStorage.getItem("return_to_path")).toBeNull()
    expect(currentLocation()).toBe(SHOP_ROUTE)
  })

  it("closes the sign-in dialog with Escape", () => {
    mockSessionApi(null)
    renderWithProviders(<ProductCard product={buildProduct()} />, { route: SHOP_ROUTE })

    fireEvent.click(screen.getByRole("button", { name: "Add to bag" }))
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" })

    expect(screen.queryByRole("dialog")).toBeNull()
  })
})

describe("ProductCard wardrobe toggle", () => {
  it("turns on after a successful add and makes no further call", async () => {
    const { fetchMock, product } = renderSignedInCard(() => jsonResponse({ ok: true }, 201))
    const toggle = screen.getByRole("button", { name: "Save to wardrobe" })
    expect(toggle).toHaveAttribute("aria-pressed", "false")

    fireEvent.click(toggle)

    await screen.findByRole("button", { name: "Save to wardrobe", pressed: true })
    expect(toggle).toBeDisabled()
    const calls = postsTo(fetchMock, "/api/wishlist")
    expect(calls).toHaveLength(1)
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ productId: product.id })
    expect(currentLocation()).toBe(SHOP_ROUTE)
  })

  it("stays off and shows 'Could not update wishlist' when the call fails", async () => {
    renderSignedInCard(() => errorResponse("Not found", 404))

    fireEvent.click(screen.getByRole("button", { name: "Save to wardrobe" }))

    expect(await screen.findByRole("alert")).toHaveTextContent("Could not update wishlist")
    expect(screen.getByRole("button", { name: "Save to wardrobe" })).toHaveAttribute("aria-pressed", "false")
  })

  it("opens the sign-in dialog on a 401", async () => {
    renderSignedInCard(() => errorResponse("Unauthorized", 401))

    fireEvent.click(screen.getByRole("button", { name: "Save to wardrobe" }))

    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument()
  })
})

describe("ProductCard wardrobe state", () => {
  it("starts filled for a product already in the signed-in shopper’s wardrobe, and empty for others", async () => {
    const session = buildSession()
    storeSession(session)
    const saved = buildWishlistItem({ title: "Saved Hoodie" })
    mockSessionApi(session, (url) => (url.pathname === "/api/wishlist" ? jsonResponse({ items: [saved] }) : errorResponse("Not found", 404)))
    renderWithProviders(
      <>
        <ProductCard product={saved.product} />
        <ProductCard product={buildProduct({ title: "Unsaved Tee" })} />
      </>,
      { route: SHOP_ROUTE },
    )

    const [savedHeart, unsavedHeart] = screen.getAllByRole("button", { name: "Save to wardrobe" })
    await waitFor(() => {
      expect(savedHeart).toHaveAttribute("aria-pressed", "true")
    })
    expect(savedHeart).toBeDisabled()
    expect(unsavedHeart).toHaveAttribute("aria-pressed", "false")
  })

  it("asks nothing about the wardrobe for a signed-out visitor", async () => {
    const fetchMock = mockSessionApi(null)
    renderWithProviders(<ProductCard product={buildProduct()} />, { route: SHOP_ROUTE })

    await waitFor(() => {
      expect(calledUrls(fetchMock, "/api/auth/refresh")).toHaveLength(1)
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calledUrls(fetchMock, "/api/wishlist")).toHaveLength(0)
    expect(screen.getByRole("button", { name: "Save to wardrobe" })).toHaveAttribute("aria-pressed", "false")
  })

  it("reloads the wardrobe after saving to it", async () => {
    const { fetchMock } = renderSignedInCard((url, init) =>
      url.pathname === "/api/wishlist" && init?.method === "GET" ? jsonResponse({ items: [] }) : jsonResponse({ item: { id: "w1" } }, 201),
    )
    await waitFor(() => {
      expect(calledUrls(fetchMock, "/api/wishlist")).toHaveLength(1)
    })

    fireEvent.click(screen.getByRole("button", { name: "Save to wardrobe" }))

    await waitFor(() => {
      expect(callsTo(fetchMock, "GET", "/api/wishlist")).toHaveLength(2)
    })
  })
})
