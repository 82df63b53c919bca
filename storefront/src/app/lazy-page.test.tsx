import { fireEvent, screen, within } from "@testing-library/react"
import { Route, Routes } from "react-router-dom"
import { describe, expect, it } from "vitest"
import { CHUNK_RELOAD_KEY } from "@fitshop/web-client"
import { MainLayout } from "@/components/layouts/main-layout"
import { renderWithProviders } from "@/testing/test-utils"
import { lazyPage } from "./lazy-page"

const GoneScreen = lazyPage<object>(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/cart-page-old.js")))

/** The page frame with a home screen and, at /cart, a screen whose chunk the server no longer has. */
function renderFrame(route: string) {
  renderWithProviders(
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<h1>Home</h1>} />
        <Route path="cart" element={<GoneScreen />} />
      </Route>
    </Routes>,
    { route },
  )
}

describe("lazyPage", () => {
  it("shows the error state inside the page frame when the screen's code is gone after the tab's one reload; leaving clears it", async () => {
    // This tab reloaded for the missing chunk a moment ago: the guard refuses a second reload, and the download fails.
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
    await expect(GoneScreen.preload()).rejects.toThrow(/cart-page-old/)
    renderFrame("/cart")

    expect(await screen.findByRole("heading", { level: 1, name: "This page didn't load" })).toBeInTheDocument()
    expect(screen.getByRole("alert")).toHaveTextContent("Check your connection and try again.")
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument()

    fireEvent.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "HOME" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Home" })).toBeInTheDocument()
    expect(screen.queryByRole("heading", { name: "This page didn't load" })).not.toBeInTheDocument()
  })
})
