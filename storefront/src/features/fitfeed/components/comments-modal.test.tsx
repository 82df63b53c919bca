import { QueryClient } from "@tanstack/react-query"
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { deferred } from "@/testing/deferred"
import { answerRoutes, callsTo, errorResponse, jsonResponse, mockSessionApi, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { buildComment, buildFitfeedUser, buildPost } from "@/testing/post-factory"
import { renderWithProviders } from "@/testing/test-utils"
import { buildSession, storeSession } from "@/testing/user-factory"
import type { Post, PostsAnswer } from "@fitshop/contracts"
import { CommentsModal } from "./comments-modal"
import { fitfeedKeys } from "@/lib/fitfeed-keys"

const commentsPath = (post: Post) => `/api/fitfeed/posts/${post.id}/comments`

/** A signed-in reader with the comments of `post` open; the feed cache holds the post. */
function openComments(post: Post, routes: ApiRoute[]) {
  const session = buildSession()
  storeSession(session)
  const fetchMock = mockSessionApi(session, answerRoutes(routes))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })
  queryClient.setQueryData<PostsAnswer>(fitfeedKeys.feed(50), { posts: [post] })
  const onClose = vi.fn()
  renderWithProviders(<CommentsModal post={post} open onClose={onClose} />, { queryClient })
  const cachedCount = () => queryClient.getQueryData<PostsAnswer>(fitfeedKeys.feed(50))?.posts[0]?.commentCount
  return { fetchMock, onClose, cachedCount }
}

const commentBox = () => screen.getByRole("textbox", { name: "Add a comment" })
const postButton = () => screen.getByRole("button", { name: "Post" })

describe("CommentsModal", () => {
  it("shows 4 placeholder rows while the comments load, then the comments newest first with author and time", async () => {
    const post = buildPost()
    const answer = deferred<Response>()
    const newest = buildComment(post.id, {
      text: "<i>clean</i> fit",
      user: buildFitfeedUser({ name: "Kabir", handle: "kabir" }),
    })
    const older = buildComment(post.id, { createdAt: new Date(Date.now() - 3 * 3600_000).toISOString() })
    openComments(post, [{ method: "GET", path: commentsPath(post), answer: () => answer.promise }])

    const loading = screen.getByRole("status", { name: "Loading comments" })
    expect(loading.querySelectorAll("li")).toHaveLength(4)

    answer.resolve(jsonResponse({ comments: [newest, older] }))
    const rows = await screen.findAllByRole("listitem", { name: /^Comment by/ })
    expect(rows).toHaveLength(2)
    expect(within(rows[0] ?? document.body).getByRole("link", { name: "Kabir" })).toHaveAttribute("href", "/fit/@kabir")
    expect(within(rows[0] ?? document.body).getByText("<i>clean</i> fit")).toBeInTheDocument()
    expect(rows[0]?.querySelector("i")).toBeNull()
    expect(within(rows[1] ?? document.body).getByText("3h ago")).toBeInTheDocument()
    expect(within(rows[0] ?? document.body).queryByRole("button", { name: "Delete" })).toBeNull()
  })

  it("says 'Be the first to comment.' when there are none", async () => {
    const post = buildPost()
    openComments(post, [{ method: "GET", path: commentsPath(post), answer: () => jsonResponse({ comments: [] }) }])

    expect(await screen.findByText("Be the first to comment.")).toBeInTheDocument()
  })

  it("says 'Failed to load comments' when they cannot be read", async () => {
    const post = buildPost()
    openComments(post, [{ method: "GET", path: commentsPath(post), answer: () => new Response("", { status: 500 }) }])

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load comments$/)
  })

  it("keeps Post disabled while the text is empty or only spaces", async () => {
    const post = buildPost()
    openComments(post, [{ method: "GET", path: commentsPath(post), answer: () => jsonResponse({ comments: [] }) }])
    await screen.findByText("Be the first to comment.")

    expect(postButton()).toBeDisabled()
    fireEvent.change(commentBox(), { target: { value: "   " } })
    expect(postButton()).toBeDisabled()
    fireEvent.change(commentBox(), { target: { value: "fire" } })
    expect(postButton()).toBeEnabled()
  })

  it("adds a comment, shows it first and takes the post's comment count from the answer", async () => {
    const post = buildPost({ commentCount: 1 })
    const existing = buildComment(post.id)
    const added = buildComment(post.id, { text: "Where is this from?", canDelete: true })
    const answer = deferred<Response>()
    const { fetchMock, cachedCount } = openComments(post, [
      { method: "GET", path: commentsPath(post), answer: () => jsonResponse({ comments: [existing] }) },
      { method: "POST", path: commentsPath(post), answer: () => answer.promise },
    ])
    await screen.findAllByRole("listitem", { name: /^Comment by/ })

    fireEvent.change(commentBox(), { target: { value: "  Where is this from?  " } })
    fireEvent.click(postButton())

    expect(postButton()).toBeDisabled()
    answer.resolve(jsonResponse({ comment: added, commentCount: 2 }, 201))
    await waitFor(() => {
      expect(screen.getAllByRole("listitem", { name: /^Comment by/ })[0]).toHaveTextContent("Where is this from?")
    })
    expect(sentBody(fetchMock, "POST", commentsPath(post))).toEqual({ text: "Where is this from?" })
    expect(commentBox()).toHaveValue("")
    expect(commentBox()).toHaveFocus()
    expect(cachedCount()).toBe(2)
  })

  it("keeps a comment added while the list's first read is still under way (that read, answering late, can't put back the list without it)", async () => {
    const post = buildPost({ commentCount: 0 })
    const added = buildComment(post.id, { text: "Where did you get those shoes?", canDelete: true })
    const firstRead = deferred<Response>()
    let reads = 0
    openComments(post, [
      { method: "GET", path: commentsPath(post), answer: () => (++reads === 1 ? firstRead.promise : jsonResponse({ comments: [added] })) },
      { method: "POST", path: commentsPath(post), answer: () => jsonResponse({ comment: added, commentCount: 1 }, 201) },
    ])

    fireEvent.change(commentBox(), { target: { value: "Where did you get those shoes?" } })
    fireEvent.click(postButton())
    expect(await screen.findByText("Where did you get those shoes?")).toBeInTheDocument()
    firstRead.resolve(jsonResponse({ comments: [] }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.getByText("Where did you get those shoes?")).toBeInTheDocument()
    expect(screen.queryByText("Be the first to comment.")).toBeNull()
  })

  it("says 'Could not add comment' and keeps the text when adding fails", async () => {
    const post = buildPost()
    openComments(post, [
      { method: "GET", path: commentsPath(post), answer: () => jsonResponse({ comments: [] }) },
      { method: "POST", path: commentsPath(post), answer: () => new Response("", { status: 500 }) },
    ])
    await screen.findByText("Be the first to comment.")

    fireEvent.change(commentBox(), { target: { value: "nice" } })
    fireEvent.click(postButton())

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not add comment$/)
    expect(commentBox()).toHaveValue("nice")
  })

  it("deletes a comment the reader may delete and updates the count", async () => {
    const post = buildPost({ commentCount: 2 })
    const kept = buildComment(post.id, { text: "kept" })
    const removed = buildComment(post.id, { text: "removed", canDelete: true })
    const deletePath = `/api/fitfeed/comments/${removed.id}`
    const { fetchMock, cachedCount } = openComments(post, [
      { method: "GET", path: commentsPath(post), answer: () => jsonResponse({ comments: [removed, kept] }) },
      { method: "DELETE", path: deletePath, answer: () => jsonResponse({ deleted: true, commentCount: 1 }) },
    ])
    const [row] = await screen.findAllByRole("listitem", { name: /^Comment by/ })

    fireEvent.click(within(row ?? document.body).getByRole("button", { name: "Delete" }))

    await waitFor(() => {
      expect(screen.queryByText("removed")).toBeNull()
    })
    expect(screen.getByText("kept")).toBeInTheDocument()
    expect(callsTo(fetchMock, "DELETE", deletePath)).toHaveLength(1)
    expect(cachedCount()).toBe(1)
  })

  it("closes from its Close button", async () => {
    const post = buildPost()
    const { onClose } = openComments(post, [{ method: "GET", path: commentsPath(post), answer: () => errorResponse("Post not found", 404) }])

    expect(await screen.findByRole("alert")).toHaveTextContent("Post not found")
    fireEvent.click(screen.getByRole("button", { name: "Close" }))
    expect(onClose).toHaveBeenCalled()
  })
})
