import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { answerRoutes, calledUrls, callsTo, errorResponse, jsonResponse, mockSessionApi, type ApiRoute } from "@/testing/mock-fetch"
import { deferred } from "@/testing/deferred"
import { buildOrder, buildOrderItem } from "@/testing/order-factory"
import { buildPost, buildProductId } from "@/testing/post-factory"
import { currentLocation, renderApp, renderAppSignedIn } from "@/testing/test-utils"
import { buildSession } from "@/testing/user-factory"
import type { Post } from "@fitshop/contracts"
import { fakeUploads, photoFile } from "../testing/fake-upload"

const feedRoute = (posts: Post[]): ApiRoute => ({
  method: "GET",
  path: "/api/fitfeed/feed",
  answer: () => jsonResponse({ posts }),
})

/** A signed-in shopper on `route`; `routes` answer first, then the feed answers `posts`. */
const openFeedSignedIn = (route: string, posts: Post[], routes: ApiRoute[] = []) => renderAppSignedIn(route, answerRoutes([...routes, feedRoute(posts)]))

/** A signed-out visitor on `route`: the personal feed answers 401, the public list `posts`. */
function openFeedSignedOut(route: string, posts: Post[], routes: ApiRoute[] = []) {
  const fetchMock = mockSessionApi(
    null,
    answerRoutes([
      ...routes,
      { method: "GET", path: "/api/fitfeed/feed", answer: () => errorResponse("Please sign in.", 401) },
      { method: "GET", path: "/api/fitfeed/posts", answer: () => jsonResponse({ posts }) },
    ]),
  )
  renderApp(route)
  return fetchMock
}

const cards = () => screen.findAllByRole("article")
const cardOf = (post: Post) => screen.findByRole("article", { name: `Fit by ${post.user.name}` })
const likeButtonOf = async (post: Post) => within(await cardOf(post)).getByRole("button", { name: /^Like/ })
const likePath = (post: Post) => `/api/fitfeed/posts/${post.id}/like`

describe("/fitfeed — loading the feed", () => {
  it("shows the personal feed of a signed-in shopper, 50 posts at most", async () => {
    const posts = [buildPost(), buildPost()]
    const fetchMock = openFeedSignedIn("/fitfeed", posts)

    expect(screen.getByRole("status", { name: "Loading feed" })).toBeInTheDocument()
    expect(await cards()).toHaveLength(2)
    expect(calledUrls(fetchMock, "/api/fitfeed").map((url) => `${url.pathname}${url.search}`)).toEqual(["/api/fitfeed/feed?limit=50"])
  })

  it("shows a signed-out visitor the public posts, without being refused the personal feed first", async () => {
    const post = buildPost()
    const fetchMock = openFeedSignedOut("/fitfeed", [post])

    expect(await cardOf(post)).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/fitfeed").map((url) => `${url.pathname}${url.search}`)).toEqual(["/api/fitfeed/posts?limit=50"])
  })

  it("falls back to the public posts when the personal feed refuses the session (403)", async () => {
    const post = buildPost()
    const fetchMock = renderAppSignedIn("/fitfeed", (url) =>
      url.pathname === "/api/fitfeed/posts" ? jsonResponse({ posts: [post] }) : errorResponse("Not allowed.", 403),
    )

    expect(await cardOf(post)).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/fitfeed").map((url) => `${url.pathname}${url.search}`)).toEqual([
      "/api/fitfeed/feed?limit=50",
      "/api/fitfeed/posts?limit=50",
    ])
  })

  it("says 'Failed to load feed' when it cannot be read", async () => {
    renderAppSignedIn("/fitfeed", () => new Response("", { status: 500 }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load feed$/)
  })

  it("shows an empty state when nobody has posted", async () => {
    openFeedSignedIn("/fitfeed", [])

    expect(await screen.findByText("No fits posted yet.")).toBeInTheDocument()
  })
})

describe("/fitfeed — likes in the feed", () => {
  it("likes at once and settles to the server's count", async () => {
    const post = buildPost({ likeCount: 4 })
    // The server answers only when the test says so, so the optimistic count is seen before it settles.
    const answer = deferred<Response>()
    const fetchMock = openFeedSignedIn("/fitfeed", [post], [{ method: "POST", path: likePath(post), answer: () => answer.promise }])

    fireEvent.click(await likeButtonOf(post))

    expect(await likeButtonOf(post)).toHaveTextContent("5")
    answer.resolve(jsonResponse({ likeCount: 9, likedByMe: true }))
    await waitFor(async () => {
      expect(await likeButtonOf(post)).toHaveTextContent("9")
    })
    expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(1)
  })
})

describe("/fitfeed — signed-out intents", () => {
  it("opens 'Sign in to continue' for a like, and 'Sign in' goes to /login with next, intent and post", async () => {
    const post = buildPost()
    const fetchMock = openFeedSignedOut("/fitfeed", [post])

    fireEvent.click(await likeButtonOf(post))

    const prompt = screen.getByRole("dialog", { name: "Sign in to continue" })
    expect(within(prompt).getByText("You need to be signed in to like posts")).toBeInTheDocument()
    expect(within(prompt).getByRole("button", { name: "Not now" })).toBeInTheDocument()
    fireEvent.click(within(prompt).getByRole("button", { name: "Sign in" }))

    expect(currentLocation()).toBe(`/login?next=%2Ffitfeed&intent=like&post=${post.id}`)
    expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(0)
  })

  it("uses the comment and create texts, and Not now closes the prompt", async () => {
    const post = buildPost()
    openFeedSignedOut("/fitfeed", [post])

    fireEvent.click(within(await cardOf(post)).getByRole("button", { name: /^Comments/ }))
    expect(screen.getByRole("dialog", { name: "Sign in to continue" })).toHaveTextContent("You need to be signed in to comment on posts")
    fireEvent.click(screen.getByRole("button", { name: "Not now" }))
    expect(screen.queryByRole("dialog")).toBeNull()

    fireEvent.click(screen.getByRole("button", { name: "Create post" }))
    const prompt = screen.getByRole("dialog", { name: "Sign in to continue" })
    expect(prompt).toHaveTextContent("You need to be signed in to create a post")
    fireEvent.click(within(prompt).getByRole("button", { name: "Sign in" }))
    expect(currentLocation()).toBe("/login?next=%2Ffitfeed&intent=create")
  })

  it("likes the post after signing in, drops the parameters and keeps the post highlighted", async () => {
    const other = buildPost()
    const post = buildPost({ likeCount: 2 })
    let liked = false
    const fetchMock = renderAppSignedIn(
      `/fitfeed?intent=like&post=${post.id}`,
      answerRoutes([
        {
          method: "POST",
          path: likePath(post),
          answer: () => {
            liked = true
            return jsonResponse({ likeCount: 3, likedByMe: true })
          },
        },
        {
          method: "GET",
          path: "/api/fitfeed/feed",
          answer: () => jsonResponse({ posts: [other, { ...post, likedByMe: liked, likeCount: liked ? 3 : 2 }] }),
        },
      ]),
    )

    await waitFor(() => {
      expect(currentLocation()).toBe("/fitfeed")
    })
    expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(1)
    await waitFor(async () => {
      expect(await likeButtonOf(post)).toHaveAttribute("aria-pressed", "true")
    })
    const [first] = await cards()
    expect(first).toHaveAccessibleName(`Fit by ${post.user.name}`)
    expect(first).toHaveClass("post-card--highlighted")
  })

  it("opens the comments after signing in with intent=comment", async () => {
    const post = buildPost()
    renderAppSignedIn(
      `/fitfeed?intent=comment&post=${post.id}`,
      answerRoutes([
        feedRoute([post]),
        { method: "GET", path: `/api/fitfeed/posts/${post.id}`, answer: () => jsonResponse({ post }) },
        { method: "GET", path: `/api/fitfeed/posts/${post.id}/comments`, answer: () => jsonResponse({ comments: [] }) },
      ]),
    )

    expect(await screen.findByRole("dialog", { name: "Comments" })).toBeInTheDocument()
    expect(await screen.findByText("Be the first to comment.")).toBeInTheDocument()
    await waitFor(() => {
      expect(currentLocation()).toBe("/fitfeed")
    })
  })

  it("goes through /login and back: the like is done once signed in", async () => {
    const post = buildPost()
    const session = buildSession()
    let signedIn = false
    const fetchMock = mockSessionApi(
      null,
      answerRoutes([
        {
          method: "POST",
          path: "/api/auth/login",
          answer: () => {
            signedIn = true
            return jsonResponse(session)
          },
        },
        { method: "POST", path: likePath(post), answer: () => jsonResponse({ likeCount: 1, likedByMe: true }) },
        {
          method: "GET",
          path: "/api/fitfeed/feed",
          answer: () => (signedIn ? jsonResponse({ posts: [post] }) : errorResponse("Please sign in.", 401)),
        },
        { method: "GET", path: "/api/fitfeed/posts", answer: () => jsonResponse({ posts: [post] }) },
      ]),
    )
    renderApp("/fitfeed")

    fireEvent.click(await likeButtonOf(post))
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: session.user.email } })
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "streets1" } })
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))

    await waitFor(() => {
      expect(callsTo(fetchMock, "POST", likePath(post))).toHaveLength(1)
    })
    await waitFor(() => {
      expect(currentLocation()).toBe("/fitfeed")
    })
  })
})

describe("/fitfeed — the delivered e-mail's post link", () => {
  /** The shopper's one delivered order: the linked product and another. */
  const ordersRoute = (linked: ReturnType<typeof buildOrderItem>): ApiRoute => ({
    method: "GET",
    path: "/api/orders/mine",
    answer: () => jsonResponse({ orders: [buildOrder({ status: "DELIVERED", items: [buildOrderItem({ title: "Other Tee" }), linked] })] }),
  })
  const myPostsRoute: ApiRoute = { method: "GET", path: "/api/fitfeed/posts/mine", answer: () => jsonResponse({ posts: [] }) }

  it("opens the create dialog with the linked product chosen, and drops intent and product", async () => {
    const linked = buildOrderItem({ productId: buildProductId(), title: "Linked Cargo" })
    openFeedSignedIn(`/fitfeed?intent=create&product=${linked.productId}`, [buildPost()], [ordersRoute(linked), myPostsRoute])

    const dialog = await screen.findByRole("dialog", { name: "Create post" })
    expect(await within(dialog).findByRole("radio", { name: "Linked Cargo" })).toBeChecked()
    expect(within(dialog).getByRole("radio", { name: "Other Tee" })).not.toBeChecked()
    await waitFor(() => {
      expect(currentLocation()).toBe("/fitfeed")
    })
  })

  it("asks a signed-out visitor to sign in, keeps intent and product through /login and opens the dialog with it chosen", async () => {
    const linked = buildOrderItem({ productId: buildProductId(), title: "Linked Cargo" })
    const session = buildSession()
    let signedIn = false
    mockSessionApi(
      null,
      answerRoutes([
        {
          method: "POST",
          path: "/api/auth/login",
          answer: () => {
            signedIn = true
            return jsonResponse(session)
          },
        },
        ordersRoute(linked),
        myPostsRoute,
        { method: "GET", path: "/api/fitfeed/feed", answer: () => (signedIn ? jsonResponse({ posts: [] }) : errorResponse("Please sign in.", 401)) },
        { method: "GET", path: "/api/fitfeed/posts", answer: () => jsonResponse({ posts: [] }) },
      ]),
    )
    renderApp(`/fitfeed?intent=create&product=${linked.productId}`)

    const prompt = await screen.findByRole("dialog", { name: "Sign in to continue" })
    expect(prompt).toHaveTextContent("You need to be signed in to create a post")
    fireEvent.click(within(prompt).getByRole("button", { name: "Sign in" }))
    expect(currentLocation()).toBe(`/login?next=%2Ffitfeed&intent=create&product=${linked.productId}`)

    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: session.user.email } })
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "streets1" } })
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }))

    const dialog = await screen.findByRole("dialog", { name: "Create post" })
    expect(await within(dialog).findByRole("radio", { name: "Linked Cargo" })).toBeChecked()
    await waitFor(() => {
      expect(currentLocation()).toBe("/fitfeed")
    })
  })
})

describe("/fitfeed — highlighted posts", () => {
  it("pulls ?highlight to the top and marks it", async () => {
    const posts = [buildPost(), buildPost(), buildPost()]
    const target = posts[2]!
    openFeedSignedIn(`/fitfeed?highlight=${target.id}`, posts)

    const [first, second] = await cards()
    expect(first).toHaveAccessibleName(`Fit by ${target.user.name}`)
    expect(first).toHaveClass("post-card--highlighted")
    expect(second).not.toHaveClass("post-card--highlighted")
  })

  it("fetches /fitfeed/:postId when it is not in the page and shows it first", async () => {
    const posts = [buildPost(), buildPost()]
    const target = buildPost()
    const fetchMock = openFeedSignedIn(`/fitfeed/${target.id}`, posts, [
      { method: "GET", path: `/api/fitfeed/posts/${target.id}`, answer: () => jsonResponse({ post: target }) },
    ])

    await waitFor(async () => {
      expect(await cards()).toHaveLength(3)
    })
    const [first] = await cards()
    expect(first).toHaveAccessibleName(`Fit by ${target.user.name}`)
    expect(callsTo(fetchMock, "GET", `/api/fitfeed/posts/${target.id}`)).toHaveLength(1)
  })

  it("pulls the post remembered under FITFEED_HIGHLIGHT to the top, then forgets it", async () => {
    const posts = [buildPost(), buildPost()]
    const target = posts[1]!
    window.sessionStorage.setItem("FITFEED_HIGHLIGHT", target.id)
    openFeedSignedIn("/fitfeed", posts)

    const [first] = await cards()
    expect(first).toHaveAccessibleName(`Fit by ${target.user.name}`)
    expect(window.sessionStorage.getItem("FITFEED_HIGHLIGHT")).toBeNull()
  })

  it("highlights ?refPost and keeps it as the referral", async () => {
    const posts = [buildPost(), buildPost()]
    const target = posts[1]!
    openFeedSignedOut(`/fitfeed?refPost=${target.id}`, posts)

    const [first] = await cards()
    expect(first).toHaveAccessibleName(`Fit by ${target.user.name}`)
    expect(window.localStorage.getItem("ref_post")).toBe(target.id)
  })
})

describe("/fitfeed — creating a post", () => {
  it("publishes from the floating button and shows the new post first", async () => {
    const existing = buildPost()
    const item = buildOrderItem({ title: "Night Cargo" })
    const created = buildPost({ productId: item.productId, text: "first fit" })
    const uploads = fakeUploads()
    openFeedSignedIn(
      "/fitfeed",
      [existing],
      [
        { method: "GET", path: "/api/orders/mine", answer: () => jsonResponse({ orders: [buildOrder({ items: [item] })] }) },
        { method: "GET", path: "/api/fitfeed/posts/mine", answer: () => jsonResponse({ posts: [] }) },
        { method: "POST", path: "/api/fitfeed/posts", answer: () => jsonResponse({ post: created }, 201) },
      ],
    )
    await cardOf(existing)

    fireEvent.click(screen.getByRole("button", { name: "Create post" }))
    fireEvent.change(screen.getByLabelText("Photo"), { target: { files: [photoFile()] } })
    await waitFor(() => {
      expect(uploads).toHaveLength(1)
    })
    act(() => {
      uploads[0]!.respond(201, { url: "/media/uploads/c.jpg", thumbnailUrl: "/media/uploads/c-480.jpg" })
    })
    await screen.findByText("Photo uploaded")
    fireEvent.click(await screen.findByRole("radio", { name: "Night Cargo" }))
    fireEvent.change(screen.getByLabelText("Caption (optional)"), { target: { value: "first fit" } })
    fireEvent.click(screen.getByRole("button", { name: "Publish" }))

    await waitFor(() => {
      expect(screen.queryByRole("dialog", { name: "Create post" })).toBeNull()
    })
    const [first, second] = await cards()
    expect(first).toHaveAccessibleName(`Fit by ${created.user.name}`)
    expect(second).toHaveAccessibleName(`Fit by ${existing.user.name}`)
  })
})
