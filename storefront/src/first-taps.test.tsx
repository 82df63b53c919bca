import { act, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { hydrateApp, unmountHydratedApp } from "@/testing/hydrate-app"
import { jsonResponse, mockSessionApi, type FetchHandler } from "@/testing/mock-fetch"
import { buildProduct, buildVariant } from "@/testing/product-factory"
import { pageCameWith } from "@/testing/server-answers"
import { buildSession, storeSession } from "@/testing/user-factory"
import type { AuthSession } from "@fitshop/contracts"
import tapQueueSource from "../build/first-tap-queue.js?raw"
import { renderPage } from "./entry-server"

const product = buildProduct({ id: "prod_hoodie", title: "Static Shift Hoodie", variants: [buildVariant("M"), buildVariant("L")], availableSizes: ["M", "L"] })
const productPath = `/product/${product.id}`
const productAnswers = { [`/api/products/${product.id}`]: { product, recommendations: { more: [], alsoLike: [] } } }

afterEach(() => {
  window.firstTaps?.stop()
  delete window.firstTaps
  unmountHydratedApp()
})

/** The product page as the browser has it before the app's JavaScript: the server's render, with index.html's tap queue running. */
function paintedProductPage(): HTMLElement {
  const sentAt = Date.now()
  const page = renderPage({ url: productPath, origin: window.location.origin, sentAt, answers: productAnswers })!
  pageCameWith(productAnswers, sentAt)
  window.history.replaceState(null, "", productPath)
  const container = document.createElement("div")
  container.innerHTML = page.html
  document.body.append(container)
  new Function(tapQueueSource)()
  return container
}

/** The session, the cart and nothing else answered: the product came with the page. */
const serveShop = (session: AuthSession | null) => {
  const answerCart: FetchHandler = (url, init) =>
    url.pathname === "/api/cart" && init?.method === "POST" ? jsonResponse({ ok: true }, 201) : jsonResponse({ error: "not_found", message: "Not found" }, 404)
  return mockSessionApi(session, answerCart)
}

const tapTarget = (container: HTMLElement, name: string) => container.querySelector<HTMLButtonElement>(`[data-tap="${name}"]`)!

const cartPosts = (fetchMock: ReturnType<typeof mockSessionApi>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === "/api/cart" && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown)

describe("the first taps on a page the server painted", () => {
  it("show at once before the app runs (the size chosen, ADD TO BAG working), reach nothing else, and keep one tap of a busy button", () => {
    const container = paintedProductPage()
    const reachedPage = vi.fn()
    container.addEventListener("click", reachedPage)

    fireEvent.click(tapTarget(container, "size:L"))
    fireEvent.click(tapTarget(container, "size:M"))
    fireEvent.click(tapTarget(container, "add-to-bag"))
    fireEvent.click(tapTarget(container, "add-to-bag"))

    expect(tapTarget(container, "size:M").dataset.tapped).toBe("chosen")
    expect(tapTarget(container, "size:L").dataset.tapped).toBeUndefined()
    expect(tapTarget(container, "add-to-bag").dataset.tapped).toBe("busy")
    expect(window.firstTaps?.queue).toEqual(["size:L", "size:M", "add-to-bag"])
    expect(reachedPage).not.toHaveBeenCalled()
  })

  it("are done by the app once it has taken over, in order and once each: a signed-in shopper's bag gets the size tapped", async () => {
    const session = buildSession()
    storeSession(session)
    const fetchMock = serveShop(session)
    const container = paintedProductPage()
    fireEvent.click(tapTarget(container, "size:M"))
    fireEvent.click(tapTarget(container, "add-to-bag"))
    fireEvent.click(tapTarget(container, "add-to-bag"))
    expect(cartPosts(fetchMock)).toEqual([])

    expect(await hydrateApp(container)).toEqual([])

    await waitFor(() => {
      expect(cartPosts(fetchMock)).toEqual([expect.objectContaining({ productId: product.id, quantity: 1, size: "M" })])
    })
    expect(screen.getByRole("button", { name: "M" })).toHaveAttribute("aria-pressed", "true")
    expect(container.querySelector("[data-tapped]")).toBeNull()
    expect(window.firstTaps).toBeUndefined()
    // The queue has stepped aside: a tap now is the app's own, and the busy button ignores it.
    fireEvent.click(tapTarget(container, "add-to-bag"))
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(cartPosts(fetchMock)).toHaveLength(1)
  })

  it("ask a signed-out shopper to sign in once the session is known, as a tap after the app ran would", async () => {
    const fetchMock = serveShop(null)
    const container = paintedProductPage()
    fireEvent.click(tapTarget(container, "size:L"))
    fireEvent.click(tapTarget(container, "add-to-bag"))

    expect(await hydrateApp(container)).toEqual([])

    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument()
    expect(cartPosts(fetchMock)).toEqual([])
    expect(screen.getByRole("button", { name: "L" })).toHaveAttribute("aria-pressed", "true")
  })

  it("step aside as soon as the app runs when nothing was tapped: taps go straight to the app", async () => {
    serveShop(null)
    const container = paintedProductPage()
    const queue = window.firstTaps!

    expect(await hydrateApp(container)).toEqual([])

    expect(window.firstTaps).toBeUndefined()
    fireEvent.click(tapTarget(container, "size:M"))
    expect(queue.queue).toEqual([])
    expect(screen.getByRole("button", { name: "M" })).toHaveAttribute("aria-pressed", "true")
  })
})
