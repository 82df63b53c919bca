import { act, fireEvent, screen } from "@testing-library/react"
import type { ComponentProps } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { callsTo, errorResponse, jsonResponse, mockSessionApi, sentBody, type FetchHandler } from "@/testing/mock-fetch"
import { deferred } from "@/testing/deferred"
import { renderWithProviders } from "@/testing/test-utils"
import { buildSession, storeSession } from "@/testing/user-factory"
import { AddToBagButton } from "./add-to-bag-button"

const LABELS = { idle: "Add", adding: "Adding", added: "Added" }

type Props = ComponentProps<typeof AddToBagButton>

/** The button for a signed-in shopper (a signed-out visitor with `signedIn: false`); `handler` answers POST /api/cart. */
function renderButton(props: Partial<Props> = {}, handler: FetchHandler = () => jsonResponse({ items: [] }, 201), { signedIn = true } = {}) {
  const session = signedIn ? buildSession() : null
  if (session) storeSession(session)
  const fetchMock = mockSessionApi(session, handler)
  const onSignInRequired = vi.fn()
  renderWithProviders(<AddToBagButton productId="prod_1" labels={LABELS} className="look" onSignInRequired={onSignInRequired} {...props} />)
  return { fetchMock, onSignInRequired }
}

const cartPosts = (fetchMock: ReturnType<typeof mockSessionApi>) => callsTo(fetchMock, "POST", "/api/cart")

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

afterEach(() => {
  vi.useRealTimers()
})

describe("AddToBagButton", () => {
  it("posts the product with quantity 1, the size and the stored referral; its adding and final added are disabled", async () => {
    window.localStorage.setItem("ref_post", "42")
    window.localStorage.setItem("ref_post_exp", String(Date.now() + 60_000))
    const post = deferred<Response>()
    const { fetchMock } = renderButton({ size: "M", describedBy: "title" }, () => post.promise)

    fireEvent.click(screen.getByRole("button", { name: "Add" }))

    const adding = screen.getByRole("button", { name: "Adding" })
    expect(adding).toBeDisabled()
    expect(adding).toHaveAttribute("aria-describedby", "title")
    expect(adding).toHaveClass("look")
    post.resolve(jsonResponse({ items: [] }, 201))
    expect(await screen.findByRole("button", { name: "Added" })).toBeDisabled()
    expect(sentBody(fetchMock, "POST", "/api/cart")).toEqual({ productId: "prod_1", quantity: 1, size: "M", refPostId: "42" })
    expect(screen.queryByRole("link", { name: "GO TO CART" })).toBeNull()
  })

  it("holds adding for minAddingMs, then turns into the GO TO CART link goToCartAfterMs later, focusable on the way", async () => {
    const { fetchMock } = renderButton({ minAddingMs: 900, goToCartAfterMs: 1000, className: (state) => `look look--${state}` })
    vi.useFakeTimers()

    const button = screen.getByRole("button", { name: "Add" })
    expect(button).toHaveAttribute("aria-disabled", "false")
    fireEvent.click(button)
    fireEvent.click(button)

    expect(button).toHaveTextContent("Adding")
    expect(button).toHaveClass("look", "look--adding")
    expect(button).toHaveAttribute("aria-disabled", "true")
    expect(button).toBeEnabled()
    await advance(899)
    expect(button).toHaveTextContent("Adding")
    await advance(1)
    expect(button).toHaveTextContent("Added")
    expect(button).toHaveClass("look--added")

    await advance(999)
    expect(screen.queryByRole("link", { name: "GO TO CART" })).toBeNull()
    await advance(1)
    expect(screen.getByRole("link", { name: "GO TO CART" })).toHaveAttribute("href", "/cart")
    expect(cartPosts(fetchMock)).toHaveLength(1)
  })

  it("asks for a size first with 'please select a size', which disappears after 1.6 s, without calling the cart", async () => {
    const { fetchMock, onSignInRequired } = renderButton({ sizeRequired: true, size: null })
    vi.useFakeTimers()

    fireEvent.click(screen.getByRole("button", { name: "Add" }))

    expect(screen.getByRole("alert")).toHaveTextContent("please select a size")
    await advance(1599)
    expect(screen.getByText("please select a size")).toBeInTheDocument()
    await advance(1)
    expect(screen.queryByText("please select a size")).toBeNull()
    expect(screen.getByRole("button", { name: "Add" })).toBeEnabled()
    expect(cartPosts(fetchMock)).toHaveLength(0)
    expect(onSignInRequired).not.toHaveBeenCalled()
  })

  it("asks a signed-out visitor to sign in without calling the cart", () => {
    const { fetchMock, onSignInRequired } = renderButton({}, undefined, { signedIn: false })

    fireEvent.click(screen.getByRole("button", { name: "Add" }))

    expect(onSignInRequired).toHaveBeenCalledTimes(1)
    expect(cartPosts(fetchMock)).toHaveLength(0)
    expect(screen.getByRole("button", { name: "Add" })).toBeEnabled()
  })

  it("asks to sign in on a 401 and is ready to add again, showing no error", async () => {
    const { fetchMock, onSignInRequired } = renderButton({}, () => errorResponse("Unauthorized", 401))

    fireEvent.click(screen.getByRole("button", { name: "Add" }))

    expect(await screen.findByRole("button", { name: "Add" })).toBeEnabled()
    expect(onSignInRequired).toHaveBeenCalledTimes(1)
    expect(cartPosts(fetchMock).length).toBeGreaterThan(0)
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("shows 'Could not add to cart' when the call fails, lets the shopper try again and clears it when they do", async () => {
    const retry = deferred<Response>()
    let calls = 0
    renderButton({}, () => {
      calls += 1
      return calls === 1 ? errorResponse("Not found", 404) : retry.promise
    })

    fireEvent.click(screen.getByRole("button", { name: "Add" }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not add to cart$/)
    fireEvent.click(screen.getByRole("button", { name: "Add" }))
    expect(screen.queryByRole("alert")).toBeNull()
    retry.resolve(jsonResponse({ items: [] }, 201))
    expect(await screen.findByRole("button", { name: "Added" })).toBeDisabled()
  })

  it("hands the failure to onError instead of showing it, and null when a new try starts", async () => {
    const onError = vi.fn()
    renderButton({ onError }, () => errorResponse("Not found", 404))

    fireEvent.click(screen.getByRole("button", { name: "Add" }))

    expect(onError).toHaveBeenLastCalledWith(null)
    expect(await screen.findByRole("button", { name: "Add" })).toBeEnabled()
    expect(onError).toHaveBeenLastCalledWith("Could not add to cart")
    expect(screen.queryByRole("alert")).toBeNull()
  })
})
