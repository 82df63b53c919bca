import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { calledUrls, callsTo, errorResponse, jsonResponse, mockFetch, mockSessionApi, type FetchHandler } from "@/testing/mock-fetch"
import { deferred } from "@/testing/deferred"
import { buildProduct, buildVariant } from "@/testing/product-factory"
import { createQueryClient } from "@/lib/react-query"
import { pageCameWith } from "@/testing/server-answers"
import { currentLocation, renderApp, renderAppSignedIn } from "@/testing/test-utils"
import { buildWishlistItem } from "@/testing/wishlist-factory"
import { focusManager } from "@tanstack/react-query"
import { DROPS_PATH, dropLimitMessage, dropOpensMessage, indiaDateTime, type DropListing, type Product, type ProductRecommendations } from "@fitshop/contracts"

const DAY_MS = 24 * 60 * 60 * 1000

const noRecommendations: ProductRecommendations = { more: [], alsoLike: [] }

const FRONT_SRC_SET = "/media/front.jpg?w=320 320w, /media/front.jpg?w=800 800w"

const serve = (product: Product) =>
  mockFetch((url) => (url.pathname === `/api/products/${product.id}` ? jsonResponse({ product }) : jsonResponse({ error: "Not found" }, 404)))

/** The product's reviews as a product without any has them: none listed, none the shopper's, no size hint. */
const noReviewsYet = (product: Product): Record<string, unknown> => ({
  [`/api/products/${product.id}/reviews`]: { reviews: [], nextCursor: null },
  [`/api/products/${product.id}/reviews/mine`]: { review: null },
  [`/api/products/${product.id}/size-hint`]: { hint: null },
})

/** A signed-in shopper on the product page; `handler` answers everything but the product, its reviews and session calls. */
async function openSignedIn(product: Product, handler: FetchHandler = () => jsonResponse({ ok: true }, 201)) {
  const reviewReads = noReviewsYet(product)
  const fetchMock = renderAppSignedIn(`/product/${product.id}`, (url, init) => {
    if (url.pathname === `/api/products/${product.id}`) return jsonResponse({ product, recommendations: noRecommendations })
    const reviews = reviewReads[url.pathname]
    return reviews && (init?.method ?? "GET") === "GET" ? jsonResponse(reviews) : handler(url, init)
  })
  await screen.findByRole("heading", { level: 1, name: product.title })
  return fetchMock
}

const cartPosts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === "/api/cart" && init?.method === "POST")

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

/** The value the specifications list shows beside `label`, or null. */
const specValue = (label: string) => screen.queryByText(label, { selector: ".specs dt" })?.nextElementSibling?.textContent ?? null

const sizedProduct = () =>
  buildProduct({
    title: "Static Shift Hoodie",
    variants: [buildVariant("M"), buildVariant("L")],
    availableSizes: ["M", "L"],
  })

afterEach(() => {
  vi.useRealTimers()
})

describe("/product/:id", () => {
  it("paints the product and its reviews the page came with at once, without asking the API", () => {
    const product = buildProduct({ title: "Server Sent Hoodie" })
    pageCameWith({
      [`/api/products/${product.id}`]: { product, recommendations: noRecommendations },
      [`/api/products/${product.id}/reviews`]: noReviewsYet(product)[`/api/products/${product.id}/reviews`],
    })
    const fetchMock = mockFetch(() => jsonResponse({ error: "Not found" }, 404))

    renderApp(`/product/${product.id}`, { queryClient: createQueryClient() })

    expect(screen.getByRole("heading", { level: 1, name: "Server Sent Hoodie" })).toBeInTheDocument()
    expect(screen.getByText("No reviews yet.")).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/products")).toEqual([])
  })

  it("shows title, price, struck-through MRP, colour, description and specs", async () => {
    const product = buildProduct({
      title: "Graffiti Cargo Pants",
      basePrice: 159900,
      mrp: 249900,
      colorName: "Olive",
      colorHex: "#556b2f",
      description: "Six pockets, tapered leg.",
      fabric: "Cotton",
      sleeveType: "FULL",
      weightGrams: 420,
      countryOfOrigin: "India",
      manufacturer: "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604",
    })
    const fetchMock = serve(product)

    renderApp(`/product/${product.id}`)

    expect(await screen.findByRole("heading", { level: 1, name: "Graffiti Cargo Pants" })).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/products")[0]?.pathname).toBe(`/api/products/${product.id}`)
    expect(screen.getByText("₹1,599.00")).toBeInTheDocument()
    expect(screen.getByText("₹2,499.00").tagName).toBe("S")
    expect(screen.getByText("Olive")).toBeInTheDocument()
    expect(screen.getByText("Six pockets, tapered leg.")).toBeInTheDocument()
    expect(screen.getByText("Cotton")).toBeInTheDocument()
    expect(screen.getByText("Full sleeve")).toBeInTheDocument()
    expect(screen.getByText("420 g")).toBeInTheDocument()
    expect(specValue("Country of origin")).toBe("India")
    expect(specValue("Manufacturer / packer / importer")).toBe("Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604")
    expect(screen.getByRole("button", { name: /Back/ })).toBeInTheDocument()
  })

  it("hides the MRP when it is not above the price and says when there are no specs", async () => {
    const product = buildProduct({ basePrice: 99900, mrp: 99900 })
    serve(product)

    renderApp(`/product/${product.id}`)

    expect(await screen.findByText("No additional specs.")).toBeInTheDocument()
    expect(screen.getAllByText("₹999.00")).toHaveLength(1)
  })

  it("lists variant sizes in order and disables the unavailable ones", async () => {
    const product = buildProduct({
      variants: [buildVariant("XL"), buildVariant("s"), buildVariant("M"), buildVariant("XXXL")],
      availableSizes: ["S", "XL"],
    })
    serve(product)

    renderApp(`/product/${product.id}`)

    const group = await screen.findByRole("group", { name: "Size" })
    const buttons = within(group).getAllByRole("button")
    expect(buttons.map((button) => button.textContent)).toEqual(["S", "M", "XL", "XXXL"])
    expect(within(group).getByRole("button", { name: "S" })).toBeEnabled()
    expect(within(group).getByRole("button", { name: "XL" })).toBeEnabled()
    expect(within(group).getByRole("button", { name: "M (unavailable)" })).toBeDisabled()
    expect(within(group).getByRole("button", { name: "XXXL (unavailable)" })).toBeDisabled()
  })

  it("shows every image with thumbnails, primary first", async () => {
    const product = buildProduct({
      images: [
        { url: "/media/back.jpg", altText: "Back view", isPrimary: false, position: 0 },
        { url: "/media/front.jpg", altText: "Front view", isPrimary: true, position: 1 },
      ],
    })
    serve(product)

    renderApp(`/product/${product.id}`)

    expect(await screen.findByRole("img", { name: "Front view" })).toHaveAttribute("src", `${window.location.origin}/media/front.jpg`)
    expect(screen.getAllByRole("button", { name: /Show image/ })).toHaveLength(2)
  })

  it("shows the error text when the product cannot be loaded", async () => {
    mockFetch(() => jsonResponse({ error: "internal", message: "Something broke" }, 500))

    renderApp("/product/broken")

    expect(await screen.findByRole("alert", {}, { timeout: 10_000 })).toHaveTextContent("Failed to load product")
  })

  it("shows the 404 page, named as such, for a product that does not exist", async () => {
    mockFetch(() => jsonResponse({ error: "not_found", message: "Product not found" }, 404))

    renderApp("/product/missing")

    expect(await screen.findByRole("heading", { level: 1, name: "404 - Page Not Found" })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe("Page not found | Build Your Fit"))
  })

  it("shows the 404 page at once when the page came saying the product does not exist", () => {
    pageCameWith(JSON.stringify({ sentAt: Date.now(), answers: {}, failures: { "/api/products/gone": 404 } }))
    const calls = mockFetch(() => jsonResponse({}, 500))

    renderApp("/product/gone")

    expect(screen.getByRole("heading", { level: 1, name: "404 - Page Not Found" })).toBeInTheDocument()
    expect(calledUrls(calls, "/api/products")).toEqual([])
  })

  it("shows no made-up rating, and the discount percent and the media sizes", async () => {
    const product = buildProduct({
      basePrice: 159900,
      mrp: 249900,
      images: [
        { url: "/media/front.jpg", altText: "Front view", isPrimary: true, position: 0, srcSet: FRONT_SRC_SET },
        { url: "/media/back.jpg", altText: "Back view", isPrimary: false, position: 1 },
      ],
    })
    serve(product)

    renderApp(`/product/${product.id}`)

    const main = await screen.findByRole("img", { name: "Front view" })
    // No reviews yet: the page shows no rating figure at all, never a made-up one.
    expect(screen.queryAllByText(/\bratings?\b|★/i)).toEqual([])
    expect(screen.getByText("36% off")).toBeInTheDocument()
    expect(main).toHaveAttribute("loading", "eager")
    expect(main).toHaveAttribute("fetchpriority", "high")
    expect(main).toHaveAttribute("width", "800")
    expect(main).toHaveAttribute("height", "1000")
    expect(main).toHaveAttribute("srcset", FRONT_SRC_SET)
    expect(main).toHaveAttribute("sizes", "(min-width: 1024px) 50vw, 100vw")
    const thumbs = [...screen.getByRole("list", { name: "Product images" }).querySelectorAll("img")]
    for (const thumb of thumbs) {
      expect(thumb).toHaveAttribute("loading", "lazy")
      expect(thumb).toHaveAttribute("width", "800")
    }
    expect(thumbs[0]).toHaveAttribute("srcset", FRONT_SRC_SET)
    expect(thumbs[0]).toHaveAttribute("sizes", "80px")
    expect(thumbs[1]).not.toHaveAttribute("srcset")
  })

  it("steps through images and videos with the arrows and by swiping", async () => {
    const product = buildProduct({
      images: [
        { url: "/media/one.jpg", altText: "One", isPrimary: true, position: 0 },
        { url: "/media/two.jpg", altText: "Two", isPrimary: false, position: 1 },
      ],
      videos: [{ url: "/media/clip.mp4" }],
    })
    serve(product)
    renderApp(`/product/${product.id}`)
    await screen.findByRole("img", { name: "One" })

    fireEvent.click(screen.getByRole("button", { name: "Next image" }))
    expect(screen.getByRole("img", { name: "Two" })).toBeInTheDocument()
    fireEvent.click(screen.getByRole("button", { name: "Next image" }))
    expect(document.querySelector(".gallery__main video")).toHaveAttribute("src", `${window.location.origin}/media/clip.mp4`)
    expect(screen.getByRole("button", { name: "Show video 3 of 3" })).toHaveAttribute("aria-pressed", "true")
    fireEvent.click(screen.getByRole("button", { name: "Next image" }))
    expect(screen.getByRole("img", { name: "One" })).toBeInTheDocument()
    fireEvent.click(screen.getByRole("button", { name: "Previous image" }))
    expect(document.querySelector(".gallery__main video")).not.toBeNull()

    const stage = document.querySelector(".gallery__main")
    if (!stage) throw new Error("no gallery stage")
    fireEvent.touchStart(stage, { touches: [{ clientX: 100 }] })
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 300 }] })
    expect(screen.getByRole("img", { name: "Two" })).toBeInTheDocument()
    fireEvent.touchStart(stage, { touches: [{ clientX: 300 }] })
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 290 }] })
    expect(screen.getByRole("img", { name: "Two" })).toBeInTheDocument()
  })
})

describe("/product/:id add to bag", () => {
  it("goes ADD TO BAG → ADDING... → ADDED TO BAG after 900 ms → GO TO CART 1 s later", async () => {
    const product = sizedProduct()
    const fetchMock = await openSignedIn(product)
    vi.useFakeTimers()

    fireEvent.click(screen.getByRole("button", { name: "M" }))
    fireEvent.click(screen.getByRole("button", { name: "ADD TO BAG" }))
    expect(screen.getByRole("button", { name: "ADDING..." })).toBeInTheDocument()

    await advance(899)
    expect(screen.getByRole("button", { name: "ADDING..." })).toBeInTheDocument()
    await advance(1)
    expect(screen.getByRole("button", { name: "ADDED TO BAG" })).toBeInTheDocument()

    await advance(999)
    expect(screen.queryByRole("link", { name: "GO TO CART" })).toBeNull()
    await advance(1)
    expect(screen.getByRole("link", { name: "GO TO CART" })).toHaveAttribute("href", "/cart")

    const posts = cartPosts(fetchMock)
    expect(posts).toHaveLength(1)
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({
      productId: product.id,
      quantity: 1,
      size: "M",
      refPostId: null,
    })
  })

  it("goes back to ADD TO BAG when another size is chosen", async () => {
    await openSignedIn(sizedProduct())
    vi.useFakeTimers()

    fireEvent.click(screen.getByRole("button", { name: "M" }))
    fireEvent.click(screen.getByRole("button", { name: "ADD TO BAG" }))
    await advance(2000)
    expect(screen.getByRole("link", { name: "GO TO CART" })).toBeInTheDocument()

    fireEvent.click(screen.getByRole("button", { name: "L" }))

    expect(screen.getByRole("button", { name: "ADD TO BAG" })).toBeInTheDocument()
    expect(screen.queryByRole("link", { name: "GO TO CART" })).toBeNull()
  })

  // The hint's 1.6 s lifetime and the stored referral are the shared button's (components/ui/add-to-bag-button.test.tsx).
  it("asks for a size first with 'please select a size' when the product has sizes", async () => {
    const fetchMock = await openSignedIn(sizedProduct())

    fireEvent.click(screen.getByRole("button", { name: "ADD TO BAG" }))

    expect(screen.getByText("please select a size")).toBeInTheDocument()
    expect(cartPosts(fetchMock)).toHaveLength(0)
    expect(screen.getByRole("button", { name: "ADD TO BAG" })).toBeInTheDocument()
  })

  it("adds a product without sizes with size null", async () => {
    const product = buildProduct({ variants: [], availableSizes: [] })
    const fetchMock = await openSignedIn(product)

    fireEvent.click(screen.getByRole("button", { name: "ADD TO BAG" }))

    expect(await screen.findByRole("button", { name: "ADDED TO BAG" })).toBeInTheDocument()
    expect(JSON.parse(String(cartPosts(fetchMock)[0]?.[1]?.body))).toMatchObject({ size: null })
  })

  it("shows 'Could not add to cart' and returns to ADD TO BAG when the call fails", async () => {
    await openSignedIn(sizedProduct(), () => errorResponse("Not found", 404))

    fireEvent.click(screen.getByRole("button", { name: "M" }))
    fireEvent.click(screen.getByRole("button", { name: "ADD TO BAG" }))

    expect(await screen.findByRole("alert")).toHaveTextContent("Could not add to cart")
    expect(screen.getByRole("button", { name: "ADD TO BAG" })).toBeInTheDocument()
  })

  it("opens the login-required dialog on a 401 and Sign in returns here afterwards", async () => {
    const product = sizedProduct()
    await openSignedIn(product, () => errorResponse("Unauthorized", 401))

    fireEvent.click(screen.getByRole("button", { name: "M" }))
    fireEvent.click(screen.getByRole("button", { name: "ADD TO BAG" }))
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" })
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign in" }))

    expect(window.sessionStorage.getItem("return_to_path")).toBe(`/product/${product.id}`)
    expect(currentLocation()).toBe(`/login?next=${encodeURIComponent(`/product/${product.id}`)}`)
  })

  it("asks a signed-out visitor to sign in without calling the cart", async () => {
    const product = sizedProduct()
    const fetchMock = mockSessionApi(null, (url) =>
      url.pathname === `/api/products/${product.id}` ? jsonResponse({ product }) : errorResponse("Not found", 404),
    )
    renderApp(`/product/${product.id}`)
    fireEvent.click(await screen.findByRole("button", { name: "M" }))
    fireEvent.click(screen.getByRole("button", { name: "ADD TO BAG" }))

    expect(screen.getByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument()
    expect(cartPosts(fetchMock)).toHaveLength(0)
  })
})

describe("/product/:id wardrobe heart", () => {
  it("toggles after each successful add call", async () => {
    const product = buildProduct()
    const fetchMock = await openSignedIn(product)
    const heart = screen.getByRole("button", { name: "Save to wardrobe" })

    fireEvent.click(heart)
    await waitFor(() => {
      expect(heart).toHaveAttribute("aria-pressed", "true")
    })
    fireEvent.click(heart)
    await waitFor(() => {
      expect(heart).toHaveAttribute("aria-pressed", "false")
    })

    const posts = fetchMock.mock.calls.filter(([input, init]) => String(input) === "/api/wishlist" && init?.method === "POST")
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ productId: product.id }, { productId: product.id }])
  })

  it("starts filled when the product is already in the wardrobe, and the next press toggles it off", async () => {
    const saved = buildWishlistItem()
    const { product } = saved
    const fetchMock = await openSignedIn(product, (url, init) =>
      init?.method === "GET" && url.pathname === "/api/wishlist" ? jsonResponse({ items: [saved] }) : jsonResponse({ item: saved }),
    )
    const heart = screen.getByRole("button", { name: "Save to wardrobe" })

    await waitFor(() => {
      expect(heart).toHaveAttribute("aria-pressed", "true")
    })
    fireEvent.click(heart)
    await waitFor(() => {
      expect(heart).toHaveAttribute("aria-pressed", "false")
    })
    expect(callsTo(fetchMock, "POST", "/api/wishlist")).toHaveLength(1)
  })

  it("stays as it was and shows 'Could not update wishlist' when the call fails", async () => {
    await openSignedIn(buildProduct(), () => errorResponse("Not found", 404))

    fireEvent.click(screen.getByRole("button", { name: "Save to wardrobe" }))

    expect(await screen.findByRole("alert")).toHaveTextContent("Could not update wishlist")
    expect(screen.getByRole("button", { name: "Save to wardrobe" })).toHaveAttribute("aria-pressed", "false")
  })
})

describe("/product/:id size guide", () => {
  it("lists the measurements per size in inches and converts them to cm", async () => {
    const product = buildProduct({
      variants: [
        buildVariant("L", { measurements: { chest: 42, frontLength: 28.5, shoulder: 19, sleeve: 9, unit: "in" } }),
        buildVariant("M", { measurements: { chest: 40, frontLength: 27.5, shoulder: 18.25, sleeve: 8.5, unit: "in" } }),
      ],
      availableSizes: ["M", "L"],
    })
    serve(product)
    renderApp(`/product/${product.id}`)

    fireEvent.click(await screen.findByRole("button", { name: "Size Guide" }))
    const guide = screen.getByRole("dialog", { name: "Size Guide" })
    const table = within(guide).getByRole("table")
    const rows = () =>
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent)

    expect(within(guide).getByRole("button", { name: "inch" })).toHaveAttribute("aria-pressed", "true")
    expect(rows()).toEqual(["SizeChestFront lengthShoulderSleeve", "M4027.518.258.5", "L4228.5199"])

    fireEvent.click(within(guide).getByRole("button", { name: "cm" }))

    expect(within(guide).getByRole("button", { name: "cm" })).toHaveAttribute("aria-pressed", "true")
    const mRow = within(table).getByRole("row", { name: /^M/ })
    expect(
      within(mRow)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["101.60", "69.85", "46.36", "21.59"])

    fireEvent.click(within(guide).getByRole("button", { name: "Close" }))
    expect(screen.queryByRole("dialog")).toBeNull()
  })

  it("says when the item has no size chart", async () => {
    const product = buildProduct({ variants: [buildVariant("M")], availableSizes: ["M"] })
    serve(product)
    renderApp(`/product/${product.id}`)

    fireEvent.click(await screen.findByRole("button", { name: "Size Guide" }))

    expect(screen.getByRole("dialog", { name: "Size Guide" })).toHaveTextContent("Size chart not available for this item.")
  })
})

describe("/product/:id recommendations", () => {
  it("shows 'More {subcategory}' and 'You might also like' rows whose cards open their product", async () => {
    const product = buildProduct({ title: "Main Hoodie", subcategory: "Hoodies" })
    const sibling = buildProduct({ title: "Sibling Hoodie" })
    const other = buildProduct({ title: "Other Jeans", categoryType: "LOWERS", subcategory: "Jeans" })
    mockFetch((url) => {
      if (url.pathname === `/api/products/${product.id}`) {
        return jsonResponse({ product, recommendations: { more: [sibling], alsoLike: [other] } })
      }
      if (url.pathname === `/api/products/${other.id}`) {
        return jsonResponse({ product: other, recommendations: noRecommendations })
      }
      return errorResponse("Not found", 404)
    })
    renderApp(`/product/${product.id}`)

    const more = await screen.findByRole("region", { name: "More Hoodies" })
    expect(within(more).getByTestId("product-card")).toHaveTextContent("Sibling Hoodie")
    const alsoLike = screen.getByRole("region", { name: "You might also like" })
    const card = within(alsoLike).getByTestId("product-card")
    expect(card.querySelector("img")).toHaveAttribute("loading", "lazy")

    fireEvent.click(card)

    expect(await screen.findByRole("heading", { level: 1, name: "Other Jeans" })).toBeInTheDocument()
    expect(currentLocation()).toBe(`/product/${other.id}`)
  })

  it("shows at most 18 recommendations in a row", async () => {
    const product = buildProduct()
    const many = Array.from({ length: 20 }, () => buildProduct())
    mockFetch(() => jsonResponse({ product, recommendations: { more: many, alsoLike: [] } }))
    renderApp(`/product/${product.id}`)

    const more = await screen.findByRole("region", { name: "More Hoodies" })
    expect(within(more).getAllByTestId("product-card")).toHaveLength(18)
    expect(screen.queryByRole("region", { name: "You might also like" })).toBeNull()
  })
})

describe("/product/:id referral", () => {
  it("stores a digits-only refPost for seven days", async () => {
    const product = buildProduct()
    serve(product)
    const before = Date.now()

    renderApp(`/product/${product.id}?refPost=12345`)
    await screen.findByRole("heading", { level: 1 })

    expect(window.localStorage.getItem("ref_post")).toBe("12345")
    const expiresAt = Number(window.localStorage.getItem("ref_post_exp"))
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS)
  })

  it("ignores a refPost that is not digits only", async () => {
    const product = buildProduct()
    serve(product)

    renderApp(`/product/${product.id}?refPost=12a`)
    await screen.findByRole("heading", { level: 1 })

    expect(window.localStorage.getItem("ref_post")).toBeNull()
    expect(window.localStorage.getItem("ref_post_exp")).toBeNull()
  })
})

describe("/product/:id scheduled drop", () => {
  const TWO_DAYS_FOUR_HOURS_MS = ((2 * 24 + 4) * 60 * 60 + 13 * 60 + 9) * 1000
  const START = Date.parse("2026-12-09T14:30:00.000Z")

  const listing = (product: Product, overrides: Partial<DropListing> = {}): DropListing => ({
    productId: product.id,
    title: product.title,
    startsAt: new Date(START).toISOString(),
    live: false,
    remaining: 17,
    ...overrides,
  })

  /** A drop's product page, painted from the answer it came with, at `now`; GET /api/drops answers what `drops` returns. */
  function openDropAt(now: number, product: Product, drops: () => DropListing[] | Response | Promise<Response>) {
    vi.useFakeTimers()
    vi.setSystemTime(now)
    pageCameWith({ [`/api/products/${product.id}`]: { product, recommendations: noRecommendations } })
    const reviewReads = noReviewsYet(product)
    const fetchMock = mockFetch((url) => {
      if (url.pathname === DROPS_PATH) {
        const answer = drops()
        return Array.isArray(answer) ? jsonResponse({ drops: answer }) : answer
      }
      if (url.pathname === `/api/products/${product.id}`) return jsonResponse({ product, recommendations: noRecommendations })
      const reviews = reviewReads[url.pathname]
      return reviews ? jsonResponse(reviews) : errorResponse("Not found", 404)
    })
    renderApp(`/product/${product.id}`)
    return fetchMock
  }

  const dropProduct = () => buildProduct({ title: "Midnight Drop Tee", drop: { startsAt: new Date(START).toISOString(), limitPerShopper: 1 } })

  it("counts down each second with ADD TO BAG disabled beside the 409's words, and enables it when the count reaches zero", async () => {
    const product = dropProduct()
    openDropAt(START - TWO_DAYS_FOUR_HOURS_MS, product, () => [listing(product)])
    await advance(0)

    const button = screen.getByRole("button", { name: "ADD TO BAG" })
    expect(screen.getByRole("timer")).toHaveTextContent("Drop opens in 2d 04:13:09")
    expect(screen.getByText(`Opens ${indiaDateTime(new Date(START).toISOString())}`)).toBeInTheDocument()
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(dropOpensMessage(new Date(START).toISOString()))
    expect(screen.getByText(dropOpensMessage(new Date(START).toISOString()))).toBeInTheDocument()

    await advance(1000)
    expect(screen.getByRole("timer")).toHaveTextContent("Drop opens in 2d 04:13:08")

    // Two days on (the clock jumps, as over a tab's sleep): the next tick reads it.
    vi.setSystemTime(START - 2000)
    await advance(1000)
    expect(screen.getByRole("timer")).toHaveTextContent("Drop opens in 00:00:01")
    await advance(999)
    expect(screen.getByRole("button", { name: "ADD TO BAG" })).toBeDisabled()

    await advance(1)
    expect(screen.queryByRole("timer")).toBeNull()
    expect(screen.queryByText(/^Opens /)).toBeNull()
    expect(screen.getByRole("button", { name: "ADD TO BAG" })).toBeEnabled()
    expect(screen.queryByText(dropOpensMessage(new Date(START).toISOString()))).toBeNull()
  })

  it("shows no countdown and an enabled ADD TO BAG once the drop has opened", async () => {
    const product = dropProduct()
    openDropAt(START + 60_000, product, () => [listing(product, { live: true, remaining: 4 })])
    await advance(0)

    expect(screen.getByRole("button", { name: "ADD TO BAG" })).toBeEnabled()
    expect(screen.queryByRole("timer")).toBeNull()
    expect(screen.getByText("4 left")).toBeInTheDocument()
  })

  it("shows the units left only once GET /api/drops answers, and the new count every 5 s", async () => {
    const product = dropProduct()
    const other = buildProduct()
    const firstAnswer = deferred<Response>()
    const answers = [firstAnswer.promise, Promise.resolve(jsonResponse({ drops: [listing(product, { live: true, remaining: 12 })] }))]
    const fetchMock = openDropAt(START + 1000, product, () => answers.shift() ?? errorResponse("unexpected", 500))
    await advance(0)
    // Nothing is shown before the answer: no count is made up.
    expect(callsTo(fetchMock, "GET", DROPS_PATH)).toHaveLength(1)
    expect(screen.queryByText(/ left$/)).toBeNull()

    firstAnswer.resolve(jsonResponse({ drops: [listing(product, { live: true, remaining: 17 }), listing(other, { live: true, remaining: 99 })] }))
    await advance(0)
    expect(screen.getByText("17 left")).toBeInTheDocument()
    expect(screen.queryByText("99 left")).toBeNull()

    await advance(4998)
    expect(callsTo(fetchMock, "GET", DROPS_PATH)).toHaveLength(1)
    await advance(2)
    expect(callsTo(fetchMock, "GET", DROPS_PATH)).toHaveLength(2)
    await advance(10)
    expect(screen.getByText("12 left")).toBeInTheDocument()
  })

  it("does not ask again while the tab is hidden", async () => {
    const product = dropProduct()
    const fetchMock = openDropAt(START + 1000, product, () => [listing(product, { live: true, remaining: 5 })])
    await advance(0)
    expect(screen.getByText("5 left")).toBeInTheDocument()

    focusManager.setFocused(false)
    try {
      await advance(20_000)
      expect(callsTo(fetchMock, "GET", DROPS_PATH)).toHaveLength(1)
    } finally {
      focusManager.setFocused(undefined)
    }
  })

  it("says 'Sold out' when none remain", async () => {
    const product = dropProduct()
    openDropAt(START + 1000, product, () => [listing(product, { live: false, remaining: 0 })])
    await advance(0)

    expect(screen.getByText("Sold out")).toBeInTheDocument()
    expect(screen.queryByText(/ left$/)).toBeNull()
  })

  it("shows no count when GET /api/drops fails", async () => {
    const product = dropProduct()
    const fetchMock = openDropAt(START + 1000, product, () => errorResponse("unavailable", 503))
    await advance(10)

    expect(callsTo(fetchMock, "GET", DROPS_PATH).length).toBeGreaterThan(0)
    expect(screen.queryByText(/ left$|Sold out/)).toBeNull()
  })

  it("shows no count for a drop GET /api/drops does not list", async () => {
    const product = dropProduct()
    openDropAt(START + 1000, product, () => [listing(buildProduct(), { live: true, remaining: 3 })])
    await advance(10)

    expect(screen.queryByText(/ left$|Sold out/)).toBeNull()
  })

  it("never asks for drops on an ordinary product's page", async () => {
    const product = buildProduct({ drop: null })
    const fetchMock = openDropAt(START, product, () => [])
    await advance(6000)

    expect(screen.getByRole("button", { name: "ADD TO BAG" })).toBeEnabled()
    expect(callsTo(fetchMock, "GET", DROPS_PATH)).toHaveLength(0)
  })

  it("shows the 409's words when ADD TO BAG is refused", async () => {
    const product = buildProduct({ variants: [], availableSizes: [], drop: { startsAt: new Date(Date.now() - 1000).toISOString(), limitPerShopper: 1 } })
    await openSignedIn(product, (url, init) => {
      if (url.pathname === DROPS_PATH) return jsonResponse({ drops: [] })
      return init?.method === "POST" ? errorResponse(dropLimitMessage(1), 409) : errorResponse("Not found", 404)
    })

    fireEvent.click(screen.getByRole("button", { name: "ADD TO BAG" }))

    expect(await screen.findByRole("alert")).toHaveTextContent(dropLimitMessage(1))
  })
})
