import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { BRAND_NAME } from "@/config/brand"
import { buildCart, buildCartItem } from "@/testing/cart-factory"
import { calledUrls, errorResponse, jsonResponse, mockSessionApi } from "@/testing/mock-fetch"
import { currentLocation, renderApp, renderAppSignedIn } from "@/testing/test-utils"
import { buildSession, storeSession } from "@/testing/user-factory"

describe("AppRoutes", () => {
  it("shows the 404 page with a link home on an unknown path", () => {
    renderApp("/no-such-page/at-all")

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^404 - Page Not Found$/)
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/")
  })

  it.each([
    ["/cart", "Cart"],
    ["/wishlist", "Wardrobe"],
    ["/login", "Sign in"],
    ["/forgot-password", "Forgot password"],
    ["/reset-password?token=abc", "Reset password"],
    ["/fitfeed", "FitFeed"],
    ["/fitfeed/42", "FitFeed"],
    ["/fit/@someone", "FitProfile"],
    ["/fit/u/7", "FitProfile"],
  ])("renders %s with the heading %s", (route, heading) => {
    renderApp(route)

    expect(screen.getByRole("heading", { level: 1, name: heading })).toBeInTheDocument()
  })

  it.each([
    ["/payments", "Checkout"],
    ["/account", "Account"],
  ])("renders the protected %s with the heading %s once the session is restored", async (route, heading) => {
    renderAppSignedIn(route)

    expect(screen.getByRole("status")).toHaveTextContent("Loading…")
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument()
    expect(currentLocation()).toBe(route)
  })

  it.each([
    ["/account", "/login?next=%2Faccount"],
    ["/payments", "/login?next=%2Fpayments"],
    ["/account?tab=profile", "/login?next=%2Faccount%3Ftab%3Dprofile"],
  ])("sends a signed-out visitor from %s to %s", async (route, target) => {
    mockSessionApi(null)

    renderApp(route)

    expect(screen.getByRole("status")).toHaveTextContent("Loading…")
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument()
    expect(currentLocation()).toBe(target)
  })

  it("signs out a visitor whose stored token the server no longer accepts", async () => {
    storeSession(buildSession())
    mockSessionApi(null)

    renderApp("/account")

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument()
    expect(window.localStorage.getItem("accessToken")).toBeNull()
    expect(window.localStorage.getItem("me")).toBeNull()
  })

  it("shows the home hero with the brand and the shop buttons", () => {
    renderApp("/")

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(`Build Your Fit with ${BRAND_NAME}`)
    expect(screen.getByRole("link", { name: "Shop for Mens" })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Shop for Womens" })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Explore FitFeed" })).toHaveAttribute("href", "/fitfeed")
  })
})

describe("MainLayout navigation", () => {
  it("shows the tagline but not the brand name, and all six entries on desktop", () => {
    renderApp("/cart")

    const banner = screen.getByRole("banner")
    expect(within(banner).getByRole("link", { name: "Build Your Fit" })).toHaveAttribute("href", "/")
    expect(banner).not.toHaveTextContent(BRAND_NAME)
    const desktop = screen.getByRole("navigation", { name: "Main" })
    expect(
      within(desktop)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["HOME", "SHOP", "FITFEED", "ACCOUNT", "WARDROBE", "CART"])
  })

  it("keeps the mobile bottom bar to the first four entries", () => {
    renderApp("/")

    const bottomBar = screen.getByRole("navigation", { name: "Quick" })
    expect(
      within(bottomBar)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/", "/shop", "/fitfeed", "/account"])
  })

  it("reaches CART on mobile through the top menu", () => {
    renderApp("/")

    expect(screen.queryByRole("navigation", { name: "Menu" })).toBeNull()
    fireEvent.click(within(screen.getByRole("banner")).getByRole("button", { name: "Open menu" }))

    const menu = screen.getByRole("navigation", { name: "Menu" })
    expect(within(menu).getByRole("link", { name: "CART" })).toHaveAttribute("href", "/cart")
  })

  it("shows the signed-in shopper's bag count beside CART", async () => {
    renderAppSignedIn("/", (url) =>
      url.pathname === "/api/cart" ? jsonResponse(buildCart([buildCartItem({ quantity: 2 }), buildCartItem()])) : errorResponse("Not found", 404),
    )

    const desktop = screen.getByRole("navigation", { name: "Main" })
    expect(await within(desktop).findByRole("link", { name: "CART 3" })).toHaveAttribute("href", "/cart")
  })

  it("asks nothing about the bag for a signed-out visitor", async () => {
    const fetchMock = mockSessionApi(null)
    renderApp("/")

    await waitFor(() => {
      expect(calledUrls(fetchMock, "/api/auth/refresh")).toHaveLength(1)
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calledUrls(fetchMock, "/api/cart")).toHaveLength(0)
    expect(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "CART" })).toBeInTheDocument()
  })

  it("hides the navigation on admin routes", () => {
    renderApp("/admin/products")

    expect(screen.queryByRole("navigation")).toBeNull()
    expect(screen.queryByRole("banner")).toBeNull()
  })
})
