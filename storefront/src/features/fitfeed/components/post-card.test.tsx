import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { deferred } from "@/testing/deferred"
import { answerRoutes, callsTo, errorResponse, jsonResponse, mockSessionApi, type ApiRoute } from "@/testing/mock-fetch"
import { buildPost } from "@/testing/post-factory"
import { renderWithProviders } from "@/testing/test-utils"
import { buildSession, storeSession } from "@/testing/user-factory"
import type { Post } from "@fitshop/contracts"
import { PostCard } from "./post-card"

type Handlers = { onOpenComments: (post: Post) => void; onRequireSignIn: (intent: "like" | "comment", post: Post) => void }

function renderCard(post: Post, { signedIn = true, routes = [] as ApiRoute[] } = {}) {
  const session = buildSession()
  if (signedIn) storeSession(session)
  const fetchMock = mockSessionApi(signedIn ? session : null, answerRoutes(routes))
  const handlers: Handlers = { onOpenComments: vi.fn(), onRequireSignIn: vi.fn() }
  renderWithProviders(<PostCard post={post} {...handlers} />)
  return { fetchMock, handlers }
}

const likePath = (post: Post) => `/api/fitfeed/posts/${post.id}/like`
const likeButton = () => screen.getByRole("button", { name: /^Like/ })
const likeCount = () => screen.getByTestId("like-count").textContent

afterEach(() => {
  Reflect.deleteProperty(navigator, "clipboard")
})

describe("PostCard", () => {
  it("shows the author linking to the profile, the picture, the caption as text, the fit note and the product link", () => {
    const post = buildPost({
      text: "<b>fresh</b> drop",
      likeCount: 12,
      commentCount: 3,
      sizeBought: "M",
      user: { id: "user_a", name: "Asha Rao", handle: "asha", avatarUrl: null },
    })
    renderCard(post)

    const card = screen.getByRole("article", { name: "Fit by Asha Rao" })
    expect(within(card).getByRole("link", { name: /Asha Rao/ })).toHaveAttribute("href", "/fit/@asha")
    const picture = within(card).getByRole("img", { name: `Asha Rao wearing ${post.Product?.title ?? ""}` })
    expect(picture).toHaveAttribute("src", post.imageUrl)
    expect(picture).toHaveAttribute("width", "1080")
    expect(picture).toHaveAttribute("loading", "lazy")
    expect(within(card).getByText("<b>fresh</b> drop")).toBeInTheDocument()
    expect(card.querySelector("b")).toBeNull()
    expect(within(card).getByText("Verified buyer · Size M")).toBeInTheDocument()
    expect(likeCount()).toBe("12")
    expect(screen.getByTestId("comment-count").textContent).toBe("3")
    expect(within(card).getByRole("link", { name: post.Product?.title })).toHaveAttribute("href", `/product/${post.productId}?refPost=${post.id}`)
    expect(within(card).getByText("1m ago")).toBeInTheDocument()
    expect(within(card).queryByText("Trending")).toBeNull()
    expect(within(card).queryByText("Under review")).toBeNull()
  })

  it("no longer calls the author a verified buyer once part of the purchase came back", () => {
    renderCard(buildPost({ verifiedBuyer: false, sizeBought: "M", user: { id: "user_a", name: "Asha Rao", handle: "asha", avatarUrl: null } }))
    const card = screen.getByRole("article", { name: "Fit by Asha Rao" })
    expect(within(card).getByText("Size M")).toBeInTheDocument()
    expect(within(card).queryByText(/Verified buyer/)).toBeNull()
  })

  it("shows 'Trending' and 'Under review' badges when the post says so", () => {
    renderCard(buildPost({ trending: true, underReview: true }))

    expect(screen.getByText("Trending")).toBeInTheDocument()
    expect(screen.getByText("Under review")).toBeInTheDocument()
  })

  it("likes at once, then settles to the server's likeCount", async () => {
    const post = buildPost({ likeCount: 4 })
    const answer = deferred<Response>()
    const { fetchMock } = renderCard(post, {
      routes: [{ method: "POST", path: likePath(post), answer: () => answer.promise }],
    })

    fireEvent.click(likeButton())

    expect(likeButton()).toHaveAttribute("aria-pressed", "true")
    expect(likeCount()).toBe("5")
    answer.resolve(jsonResponse({ likeCount: 10, likedByMe: true }))
    await waitFor(() => {
      expect(likeCount()).toBe("10")
    })
    expect(likeButton()).toHaveAttribute("aria-pressed", "true")
    expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(1)
  })

  it("unlikes with DELETE and never shows a count below 0", async () => {
    const post = buildPost({ likeCount: 0, likedByMe: true })
    const { fetchMock } = renderCard(post, {
      routes: [{ method: "DELETE", path: likePath(post), answer: () => jsonResponse({}) }],
    })

    fireEvent.click(likeButton())

    expect(likeCount()).toBe("0")
    await waitFor(() => {
      expect(callsTo(fetchMock, "DELETE", likePath(post))).toHaveLength(1)
    })
    expect(likeButton()).toHaveAttribute("aria-pressed", "false")
    expect(likeCount()).toBe("0")
  })

  it("quietly puts the like back when the call fails", async () => {
    const post = buildPost({ likeCount: 7 })
    const answer = deferred<Response>()
    const { handlers } = renderCard(post, {
      routes: [{ method: "POST", path: likePath(post), answer: () => answer.promise }],
    })

    fireEvent.click(likeButton())
    expect(likeCount()).toBe("8")
    answer.resolve(errorResponse("Database unavailable", 500))

    await waitFor(() => {
      expect(likeCount()).toBe("7")
    })
    expect(likeButton()).toHaveAttribute("aria-pressed", "false")
    expect(screen.queryByRole("alert")).toBeNull()
    expect(handlers.onRequireSignIn).not.toHaveBeenCalled()
  })

  it("sends a second press only after the first call returns, so the calls cannot cross", async () => {
    const post = buildPost({ likeCount: 2 })
    const liked = deferred<Response>()
    const { fetchMock } = renderCard(post, {
      routes: [
        { method: "POST", path: likePath(post), answer: () => liked.promise },
        { method: "DELETE", path: likePath(post), answer: () => jsonResponse({ likeCount: 2, likedByMe: false }) },
      ],
    })

    fireEvent.click(likeButton())
    fireEvent.click(likeButton())

    expect(likeCount()).toBe("2")
    expect(likeButton()).toHaveAttribute("aria-pressed", "false")
    expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(1)
    expect(callsTo(fetchMock, "DELETE", likePath(post))).toHaveLength(0)

    liked.resolve(jsonResponse({ likeCount: 3, likedByMe: true }))
    await waitFor(() => {
      expect(callsTo(fetchMock, "DELETE", likePath(post))).toHaveLength(1)
    })
    await waitFor(() => {
      expect(likeCount()).toBe("2")
    })
    expect(likeButton()).toHaveAttribute("aria-pressed", "false")
    expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(1)
  })

  it("likes on two taps of the picture within 300 ms, with a heart", async () => {
    const post = buildPost({ likeCount: 1 })
    const { fetchMock } = renderCard(post, {
      routes: [{ method: "POST", path: likePath(post), answer: () => jsonResponse({ likeCount: 2, likedByMe: true }) }],
    })
    const now = vi.spyOn(Date, "now")

    now.mockReturnValue(1_000_000)
    fireEvent.click(screen.getByTestId("post-picture"))
    now.mockReturnValue(1_000_250)
    fireEvent.click(screen.getByTestId("post-picture"))
    now.mockRestore()

    expect(likeButton()).toHaveAttribute("aria-pressed", "true")
    expect(screen.getByTestId("post-picture").querySelector(".post-card__burst")).not.toBeNull()
    await waitFor(() => {
      expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(1)
    })
  })

  it("does not like on two taps more than 300 ms apart", () => {
    const post = buildPost({ likeCount: 1 })
    const { fetchMock } = renderCard(post)
    const now = vi.spyOn(Date, "now")

    now.mockReturnValue(2_000_000)
    fireEvent.click(screen.getByTestId("post-picture"))
    now.mockReturnValue(2_000_301)
    fireEvent.click(screen.getByTestId("post-picture"))
    now.mockRestore()

    expect(likeButton()).toHaveAttribute("aria-pressed", "false")
    expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(0)
  })

  it("asks a signed-out visitor to sign in instead of liking or opening comments", () => {
    const post = buildPost()
    const { fetchMock, handlers } = renderCard(post, { signedIn: false })

    fireEvent.click(likeButton())
    fireEvent.click(screen.getByRole("button", { name: /^Comments/ }))

    expect(handlers.onRequireSignIn).toHaveBeenNthCalledWith(1, "like", post)
    expect(handlers.onRequireSignIn).toHaveBeenNthCalledWith(2, "comment", post)
    expect(handlers.onOpenComments).not.toHaveBeenCalled()
    expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(0)
  })

  it("opens the comments of a post for a signed-in reader", () => {
    const post = buildPost({ commentCount: 2 })
    const { handlers } = renderCard(post)

    fireEvent.click(screen.getByRole("button", { name: /^Comments/ }))

    expect(handlers.onOpenComments).toHaveBeenCalledWith(post)
  })

  it("shares from the ⋯ menu by copying the link and alerting 'Link copied to clipboard!'", async () => {
    const post = buildPost()
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true })
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined)
    renderCard(post)

    fireEvent.click(screen.getByRole("button", { name: "More options" }))
    fireEvent.click(screen.getByRole("menuitem", { name: "Share" }))

    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith("Link copied to clipboard!")
    })
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/product/${post.productId}?refPost=${post.id}`)
    expect(screen.queryByRole("menu")).toBeNull()
  })

  it("reports a post with the chosen reason, then thanks the reader", async () => {
    const post = buildPost()
    const reportPath = `/api/fitfeed/posts/${post.id}/report`
    const { fetchMock } = renderCard(post, {
      routes: [{ method: "POST", path: reportPath, answer: () => jsonResponse({ reported: true }) }],
    })

    fireEvent.click(screen.getByRole("button", { name: "More options" }))
    fireEvent.click(screen.getByRole("menuitem", { name: "Report" }))
    const dialog = screen.getByRole("dialog", { name: "Report post" })
    fireEvent.click(within(dialog).getByRole("button", { name: "Report" }))
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Tell us what is wrong with this post.")
    fireEvent.click(within(dialog).getByRole("radio", { name: "Spam or misleading" }))
    fireEvent.click(within(dialog).getByRole("button", { name: "Report" }))

    expect(await within(dialog).findByRole("status")).toHaveTextContent("Thanks for telling us. We’ll review this post.")
    const [call] = callsTo(fetchMock, "POST", reportPath)
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: "Spam or misleading" })
  })

  it("asks a signed-out visitor to sign in before reporting", () => {
    renderCard(buildPost(), { signedIn: false })

    fireEvent.click(screen.getByRole("button", { name: "More options" }))
    fireEvent.click(screen.getByRole("menuitem", { name: "Report" }))

    const dialog = screen.getByRole("dialog", { name: "Sign in to continue" })
    expect(dialog).toHaveTextContent("You need to be signed in to report posts")
  })
})
