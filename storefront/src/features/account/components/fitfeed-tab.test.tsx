import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { answerRoutes, callsTo, errorResponse, jsonResponse, type ApiRoute } from "@/testing/mock-fetch"
import { buildPost } from "@/testing/post-factory"
import { renderAppSignedIn } from "@/testing/test-utils"
import type { Post } from "@fitshop/contracts"

const MINE = "/api/fitfeed/posts/mine"

/** A signed-in shopper on the FitFeed tab (the account's first tab) owning `posts`. */
function openFitfeedTab(posts: Post[], extra: ApiRoute[] = []) {
  return renderAppSignedIn("/account", answerRoutes([{ method: "GET", path: MINE, answer: () => jsonResponse({ posts }) }, ...extra]))
}

const cardOf = (title: string) => screen.getByRole("listitem", { name: title })

async function confirmDelete(title: string) {
  fireEvent.click(within(cardOf(title)).getByRole("button", { name: "Delete" }))
  const dialog = screen.getByRole("dialog", { name: "Delete post?" })
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }))
  await waitFor(() => {
    expect(screen.queryByRole("dialog")).toBeNull()
  })
}

describe("/account FitFeed tab", () => {
  it("lists own posts with thumbnail, caption, product, counts, the review mark and a link to view each", async () => {
    const reviewed = buildPost({
      text: "Rooftop drip",
      Product: { id: "prod_1", title: "Static Shift Hoodie", imageUrl: null },
      likeCount: 12,
      commentCount: 1,
      underReview: true,
    })
    const plain = buildPost({ Product: { id: "prod_2", title: "Cargo Pants", imageUrl: null }, text: null })
    openFitfeedTab([reviewed, plain])

    const list = await screen.findByRole("list", { name: "Your posts" })
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => within(item).getByRole("heading").textContent),
    ).toEqual(["Static Shift Hoodie", "Cargo Pants"])
    const card = cardOf("Static Shift Hoodie")
    expect(card).toHaveTextContent("Rooftop drip")
    expect(card).toHaveTextContent("12 likes · 1 comment")
    expect(within(card).getByText("Under review")).toBeInTheDocument()
    expect(card.querySelector("img")).toHaveAttribute("src", reviewed.thumbnailUrl)
    expect(within(card).getByRole("link", { name: "View" })).toHaveAttribute("href", `/fitfeed?highlight=${reviewed.id}`)
    expect(within(cardOf("Cargo Pants")).queryByText("Under review")).toBeNull()
  })

  it("deletes a post after confirming, and it leaves the list", async () => {
    const keep = buildPost({ Product: { id: "prod_1", title: "Keep Hoodie", imageUrl: null } })
    const gone = buildPost({ Product: { id: "prod_2", title: "Gone Hoodie", imageUrl: null } })
    let posts = [keep, gone]
    const fetchMock = renderAppSignedIn(
      "/account",
      answerRoutes([
        { method: "GET", path: MINE, answer: () => jsonResponse({ posts }) },
        {
          method: "DELETE",
          path: `/api/fitfeed/posts/${gone.id}`,
          answer: () => {
            posts = [keep]
            return jsonResponse({ deleted: true })
          },
        },
      ]),
    )
    await screen.findByRole("list", { name: "Your posts" })

    fireEvent.click(within(cardOf("Gone Hoodie")).getByRole("button", { name: "Delete" }))
    fireEvent.click(within(screen.getByRole("dialog", { name: "Delete post?" })).getByRole("button", { name: "Cancel" }))
    expect(callsTo(fetchMock, "DELETE", `/api/fitfeed/posts/${gone.id}`)).toHaveLength(0)

    await confirmDelete("Gone Hoodie")
    await waitFor(() => {
      expect(screen.queryByRole("listitem", { name: "Gone Hoodie" })).toBeNull()
    })
    expect(cardOf("Keep Hoodie")).toBeInTheDocument()
    expect(callsTo(fetchMock, "DELETE", `/api/fitfeed/posts/${gone.id}`)).toHaveLength(1)
  })

  it("says 'Could not delete post' when deleting fails, and keeps the post", async () => {
    const post = buildPost({ Product: { id: "prod_1", title: "Stuck Hoodie", imageUrl: null } })
    openFitfeedTab([post], [{ method: "DELETE", path: `/api/fitfeed/posts/${post.id}`, answer: () => new Response("", { status: 500 }) }])
    await screen.findByRole("list", { name: "Your posts" })

    await confirmDelete("Stuck Hoodie")
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not delete post$/)
    expect(cardOf("Stuck Hoodie")).toBeInTheDocument()
  })

  it("says 'Failed to load posts' when the list cannot be loaded", async () => {
    renderAppSignedIn("/account", answerRoutes([{ method: "GET", path: MINE, answer: () => new Response("", { status: 500 }) }]))
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load posts$/)
  })

  it("shows the server's text when the list cannot be loaded", async () => {
    renderAppSignedIn("/account", answerRoutes([{ method: "GET", path: MINE, answer: () => errorResponse("Feed is resting", 503) }]))
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Feed is resting$/)
  })

  it("points to the FitFeed when there are no posts yet", async () => {
    openFitfeedTab([])
    const link = await screen.findByRole("link", { name: "Go to FitFeed" })
    expect(link).toHaveAttribute("href", "/fitfeed")
    expect(screen.getByRole("tabpanel")).toContainElement(link)
  })
})
