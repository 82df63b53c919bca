import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { deferred } from "@/testing/deferred"
import { answerRoutes, callsTo, calledUrls, errorResponse, jsonResponse, mockFetch, mockSessionApi, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { buildFitfeedUser, buildPost } from "@/testing/post-factory"
import { buildProfile } from "@/testing/profile-factory"
import { currentLocation, renderApp, renderAppSignedIn, renderWithProviders } from "@/testing/test-utils"
import { buildSession, storeSession } from "@/testing/user-factory"
import type { AuthSession, Post, Profile, User } from "@fitshop/contracts"
import { ProfilePage } from "./profile-page"

const PROFILE_PATH = "/api/fitfeed/profile/@asha"

const asha = () => buildFitfeedUser({ name: "Asha Rao", handle: "asha" })

const profileRoutes = (profile: Profile, posts: Post[] = [], extra: ApiRoute[] = []): ApiRoute[] => [
  { method: "GET", path: PROFILE_PATH, answer: () => jsonResponse(profile) },
  { method: "GET", path: `${PROFILE_PATH}/posts`, answer: () => jsonResponse({ posts, nextCursor: null }) },
  ...extra,
]

/** A visitor without a session on `route`. */
function openAsVisitor(routes: ApiRoute[], route = "/fit/@asha") {
  const fetchMock = mockSessionApi(null, answerRoutes(routes))
  renderApp(route)
  return fetchMock
}

/** The signed-in owner of @asha on their own profile. */
function openAsOwner(routes: (session: AuthSession) => ApiRoute[], route = "/fit/@asha") {
  const session = buildSession({ name: "Asha Rao", handle: "asha" })
  storeSession(session)
  const fetchMock = mockSessionApi(session, answerRoutes(routes(session)))
  renderApp(route)
  return { fetchMock, session }
}

const ownProfile = (session: AuthSession) =>
  buildProfile({
    user: { id: session.user.id, name: session.user.name, handle: session.user.handle, avatarUrl: null },
    isMe: true,
  })

const counts = () => within(screen.getByRole("list", { name: "Profile counts" })).getAllByRole("listitem")

describe("/fit/@handle", () => {
  it("shows avatar, name, @handle, the three counts and a grid of the posts", async () => {
    const posts = [buildPost({ text: "Night run fit" }), buildPost({ text: "Rooftop drip" })]
    const fetchMock = openAsVisitor(profileRoutes(buildProfile({ user: asha(), counts: { posts: 2, followers: 31, following: 7 } }), posts))

    expect(await screen.findByRole("heading", { level: 1, name: "Asha Rao" })).toBeInTheDocument()
    expect(screen.getByText("@asha")).toBeInTheDocument()
    expect(counts().map((item) => item.textContent)).toEqual(["2 posts", "31 followers", "7 following"])

    const grid = await screen.findByRole("list", { name: "Posts" })
    const tiles = within(grid).getAllByRole("img")
    expect(tiles.map((tile) => tile.getAttribute("alt"))).toEqual(["Night run fit", "Rooftop drip"])
    expect(tiles[0]).toHaveAttribute("src", posts[0]!.thumbnailUrl)
    expect(tiles[0]).toHaveAttribute("width", "480")
    expect(tiles[0]).toHaveAttribute("height", "600")
    expect(tiles[0]).toHaveAttribute("loading", "lazy")
    const [postsUrl] = calledUrls(fetchMock, `${PROFILE_PATH}/posts`)
    expect(postsUrl?.searchParams.get("limit")).toBe("18")
    expect(postsUrl?.searchParams.has("cursor")).toBe(false)
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
  })

  it("asks for the profile by user id on /fit/u/:userId", async () => {
    const user = buildFitfeedUser({ id: "1b4e28ba-2fa1-11d2-883f-0016d3cca427", name: "By Id" })
    openAsVisitor(
      [
        { method: "GET", path: `/api/fitfeed/profile/${user.id}`, answer: () => jsonResponse(buildProfile({ user })) },
        { method: "GET", path: `/api/fitfeed/profile/${user.id}/posts`, answer: () => jsonResponse({ posts: [], nextCursor: null }) },
      ],
      `/fit/u/${user.id}`,
    )

    expect(await screen.findByRole("heading", { level: 1, name: "By Id" })).toBeInTheDocument()
    expect(await screen.findByText("No posts yet.")).toBeInTheDocument()
  })

  it('"Load more" asks for the next page with the cursor and adds it below', async () => {
    const first = Array.from({ length: 18 }, () => buildPost())
    const more = buildPost({ text: "Page two fit" })
    const fetchMock = openAsVisitor([
      { method: "GET", path: PROFILE_PATH, answer: () => jsonResponse(buildProfile({ user: asha() })) },
      {
        method: "GET",
        path: `${PROFILE_PATH}/posts`,
        answer: (url) =>
          url.searchParams.get("cursor") === "cursor-18"
            ? jsonResponse({ posts: [more], nextCursor: null })
            : jsonResponse({ posts: first, nextCursor: "cursor-18" }),
      },
    ])

    const grid = await screen.findByRole("list", { name: "Posts" })
    expect(within(grid).getAllByRole("listitem")).toHaveLength(18)
    fireEvent.click(screen.getByRole("button", { name: "Load more" }))

    expect(await within(grid).findByAltText("Page two fit")).toBeInTheDocument()
    expect(within(grid).getAllByRole("listitem")).toHaveLength(19)
    const urls = calledUrls(fetchMock, `${PROFILE_PATH}/posts`)
    expect(urls.map((url) => url.searchParams.get("cursor"))).toEqual([null, "cursor-18"])
    expect(urls[1]?.searchParams.get("limit")).toBe("18")
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
  })

  it("shows the server's text for an unknown profile", async () => {
    openAsVisitor([{ method: "GET", path: PROFILE_PATH, answer: () => errorResponse("Profile not found", 404) }])
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Profile not found$/)
  })

  it("says 'Failed to load profile.' when a 404 carries no text", async () => {
    openAsVisitor([{ method: "GET", path: PROFILE_PATH, answer: () => new Response("", { status: 404 }) }])
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load profile\.$/)
  })

  it("says 'Missing profile identifier.' without a key", async () => {
    mockFetch(() => errorResponse("Not found", 404))
    renderWithProviders(<ProfilePage />)
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Missing profile identifier\.$/)
  })
})

describe("/fit/@handle follow", () => {
  it("follows at once, then settles to the followers count the server answers", async () => {
    const answer = deferred<Response>()
    const profile = buildProfile({ user: asha(), counts: { posts: 0, followers: 3, following: 0 } })
    const fetchMock = renderAppSignedIn(
      "/fit/@asha",
      answerRoutes(profileRoutes(profile, [], [{ method: "POST", path: `/api/fitfeed/follow/${profile.user.id}`, answer: () => answer.promise }])),
    )

    fireEvent.click(await screen.findByRole("button", { name: "Follow" }))
    expect(await screen.findByRole("button", { name: "Following" })).toBeInTheDocument()
    expect(counts()[1]).toHaveTextContent("4 followers")

    answer.resolve(jsonResponse({ isFollowing: true, followers: 9 }))
    await waitFor(() => {
      expect(counts()[1]).toHaveTextContent("9 followers")
    })
    expect(callsTo(fetchMock, "POST", `/api/fitfeed/follow/${profile.user.id}`)).toHaveLength(1)
  })

  it("unfollows at once and never shows fewer than 0 followers", async () => {
    const answer = deferred<Response>()
    const profile = buildProfile({ user: asha(), isFollowing: true, counts: { posts: 0, followers: 0, following: 0 } })
    renderAppSignedIn(
      "/fit/@asha",
      answerRoutes(profileRoutes(profile, [], [{ method: "DELETE", path: `/api/fitfeed/follow/${profile.user.id}`, answer: () => answer.promise }])),
    )

    fireEvent.click(await screen.findByRole("button", { name: "Following" }))
    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument()
    expect(counts()[1]).toHaveTextContent(/^0 followers$/)

    answer.resolve(jsonResponse({ isFollowing: false, followers: 0 }))
    await waitFor(() => {
      expect(screen.getByRole("button", { name: "Follow" })).toBeEnabled()
    })
    expect(counts()[1]).toHaveTextContent(/^0 followers$/)
  })

  it("puts the button and count back when following fails", async () => {
    const profile = buildProfile({ user: asha(), counts: { posts: 0, followers: 5, following: 0 } })
    renderAppSignedIn(
      "/fit/@asha",
      answerRoutes(
        profileRoutes(profile, [], [{ method: "POST", path: `/api/fitfeed/follow/${profile.user.id}`, answer: () => new Response("", { status: 500 }) }]),
      ),
    )

    fireEvent.click(await screen.findByRole("button", { name: "Follow" }))
    await waitFor(() => {
      expect(screen.getByRole("button", { name: "Follow" })).toBeEnabled()
    })
    expect(counts()[1]).toHaveTextContent("5 followers")
  })

  it("sends a signed-out visitor to sign in, coming back to the profile", async () => {
    const fetchMock = openAsVisitor(profileRoutes(buildProfile({ user: asha() })))

    fireEvent.click(await screen.findByRole("button", { name: "Follow" }))
    expect(currentLocation()).toBe(`/login?next=${encodeURIComponent("/fit/@asha")}`)
    expect(calledUrls(fetchMock, "/api/fitfeed/follow")).toHaveLength(0)
  })
})

describe("/fit/@handle for its owner", () => {
  it("shows Edit profile and Logout, and no Follow", async () => {
    openAsOwner((session) => profileRoutes(ownProfile(session)))

    expect(await screen.findByRole("button", { name: "Edit profile" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument()
    expect(screen.queryByRole("button", { name: /^Follow/ })).toBeNull()
  })

  it("checks a new handle 400 ms after typing stops and says when it is taken or not valid", async () => {
    const { fetchMock } = openAsOwner((session) => [
      ...profileRoutes(ownProfile(session)),
      {
        method: "GET",
        path: "/api/fitfeed/handle/check",
        answer: (url) => jsonResponse({ available: url.searchParams.get("handle") !== "ravi" }),
      },
    ])
    fireEvent.click(await screen.findByRole("button", { name: "Edit profile" }))
    const dialog = screen.getByRole("dialog", { name: "Edit profile" })
    const handle = within(dialog).getByLabelText("Handle")
    expect(handle).toHaveValue("asha")

    fireEvent.change(handle, { target: { value: "ravi" } })
    expect(calledUrls(fetchMock, "/api/fitfeed/handle/check")).toHaveLength(0)
    expect(await within(dialog).findByText("This handle is not available.")).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/fitfeed/handle/check").map((url) => url.searchParams.get("handle"))).toEqual(["ravi"])

    fireEvent.change(handle, { target: { value: "ravi-" } })
    expect(await within(dialog).findByText("Enter a valid handle.")).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/fitfeed/handle/check")).toHaveLength(1)

    fireEvent.change(handle, { target: { value: "asha" } })
    await waitFor(() => {
      expect(within(dialog).queryByRole("alert")).toBeNull()
    })
    expect(calledUrls(fetchMock, "/api/fitfeed/handle/check")).toHaveLength(1)
  })

  it("saves name and handle, then moves to the new /fit/@handle", async () => {
    let saved: User | null = null
    const { fetchMock } = openAsOwner((session) => [
      ...profileRoutes(ownProfile(session)),
      { method: "GET", path: "/api/fitfeed/handle/check", answer: () => jsonResponse({ available: true }) },
      {
        method: "PUT",
        path: "/api/fitfeed/profile/me",
        answer: () => {
          saved = { ...session.user, name: "Asha R", handle: "asha.r" }
          return jsonResponse({ user: saved })
        },
      },
      {
        method: "GET",
        path: "/api/fitfeed/profile/@asha.r",
        answer: () => jsonResponse(buildProfile({ user: { ...ownProfile(session).user, name: "Asha R", handle: "asha.r" }, isMe: true })),
      },
      { method: "GET", path: "/api/fitfeed/profile/@asha.r/posts", answer: () => jsonResponse({ posts: [], nextCursor: null }) },
    ])
    fireEvent.click(await screen.findByRole("button", { name: "Edit profile" }))
    const dialog = screen.getByRole("dialog", { name: "Edit profile" })
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Asha R" } })
    fireEvent.change(within(dialog).getByLabelText("Handle"), { target: { value: "asha.r" } })
    await waitFor(() => {
      expect(calledUrls(fetchMock, "/api/fitfeed/handle/check")).toHaveLength(1)
    })
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }))

    expect(await screen.findByRole("heading", { level: 1, name: "Asha R" })).toBeInTheDocument()
    expect(currentLocation()).toBe("/fit/@asha.r")
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(sentBody(fetchMock, "PUT", "/api/fitfeed/profile/me")).toEqual({ name: "Asha R", handle: "asha.r" })
    expect(JSON.parse(window.localStorage.getItem("me") ?? "null")).toEqual(saved)
  })

  it("says 'Failed to save profile' when saving fails without a server text", async () => {
    openAsOwner((session) => [
      ...profileRoutes(ownProfile(session)),
      { method: "PUT", path: "/api/fitfeed/profile/me", answer: () => new Response("", { status: 500 }) },
    ])
    fireEvent.click(await screen.findByRole("button", { name: "Edit profile" }))
    const dialog = screen.getByRole("dialog", { name: "Edit profile" })
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Asha R" } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }))

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Failed to save profile$/)
  })

  it("sends the owner to sign in when their own profile answers 403", async () => {
    openAsOwner(() => [{ method: "GET", path: PROFILE_PATH, answer: () => errorResponse("Forbidden", 403) }])

    await waitFor(() => {
      expect(currentLocation()).toBe(`/login?next=${encodeURIComponent("/fit/@asha")}`)
    })
  })

  it("logs out locally even when the server cannot be reached", async () => {
    const { session } = openAsOwner((own) => profileRoutes(ownProfile(own)))
    const logout = await screen.findByRole("button", { name: "Logout" })
    expect(window.localStorage.getItem("accessToken")).toBe(session.accessToken)
    const offline = mockFetch(() => Promise.reject(new TypeError("Failed to fetch")))
    fireEvent.click(logout)

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument()
    expect(window.localStorage.getItem("accessToken")).toBeNull()
    expect(window.localStorage.getItem("me")).toBeNull()
    expect(callsTo(offline, "POST", "/api/auth/logout")).toHaveLength(1)
  })
})

describe("/fit/@handle post viewer", () => {
  const author = () => buildFitfeedUser({ name: "Asha Rao", handle: "asha" })

  it("opens the post named by ?pv= full screen, and Escape closes it and removes pv", async () => {
    const user = author()
    const post = buildPost({ user, text: "Viewer fit" })
    openAsVisitor(profileRoutes(buildProfile({ user }), [buildPost({ user }), post]), `/fit/@asha?pv=${post.id}`)

    const viewer = await screen.findByRole("dialog", { name: "Post" })
    expect(await within(viewer).findByRole("article", { name: "Fit by Asha Rao" })).toHaveTextContent("Viewer fit")
    fireEvent.keyDown(viewer, { key: "Escape" })

    expect(screen.queryByRole("dialog")).toBeNull()
    expect(currentLocation()).toBe("/fit/@asha")
  })

  it("a tile puts pv in the address and opens the viewer; Close goes back to the grid", async () => {
    const user = author()
    const post = buildPost({ user, text: "Tile fit" })
    openAsVisitor(profileRoutes(buildProfile({ user }), [post]))

    fireEvent.click(await screen.findByRole("link", { name: "Tile fit" }))
    expect(currentLocation()).toBe(`/fit/@asha?pv=${post.id}`)
    const viewer = await screen.findByRole("dialog", { name: "Post" })
    expect(within(viewer).getByRole("article", { name: "Fit by Asha Rao" })).toBeInTheDocument()
    fireEvent.click(within(viewer).getByRole("button", { name: "Close" }))

    expect(screen.queryByRole("dialog")).toBeNull()
    expect(currentLocation()).toBe("/fit/@asha")
  })

  it("loads a post that is not in the loaded pages by its id", async () => {
    const user = author()
    const older = buildPost({ user, text: "Older fit" })
    const fetchMock = openAsVisitor(
      profileRoutes(
        buildProfile({ user }),
        [buildPost({ user })],
        [{ method: "GET", path: `/api/fitfeed/posts/${older.id}`, answer: () => jsonResponse({ post: older }) }],
      ),
      `/fit/@asha?pv=${older.id}`,
    )

    const viewer = await screen.findByRole("dialog", { name: "Post" })
    expect(await within(viewer).findByText("Older fit")).toBeInTheDocument()
    expect(callsTo(fetchMock, "GET", `/api/fitfeed/posts/${older.id}`)).toHaveLength(1)
  })

  it("sends a signed-out visitor who likes the post to sign in, coming back to the viewer", async () => {
    const user = author()
    const post = buildPost({ user })
    const route = `/fit/@asha?pv=${post.id}`
    const fetchMock = openAsVisitor(profileRoutes(buildProfile({ user }), [post]), route)

    const card = await within(await screen.findByRole("dialog", { name: "Post" })).findByRole("article")
    fireEvent.click(within(card).getByRole("button", { name: /^Like/ }))

    expect(currentLocation()).toBe(`/login?next=${encodeURIComponent(route)}`)
    expect(calledUrls(fetchMock, `/api/fitfeed/posts/${post.id}/like`)).toHaveLength(0)
  })

  it("opens the post's comments for a signed-in reader", async () => {
    const user = author()
    const post = buildPost({ user, commentCount: 0 })
    renderAppSignedIn(
      `/fit/@asha?pv=${post.id}`,
      answerRoutes(
        profileRoutes(
          buildProfile({ user }),
          [post],
          [{ method: "GET", path: `/api/fitfeed/posts/${post.id}/comments`, answer: () => jsonResponse({ comments: [] }) }],
        ),
      ),
    )

    const card = await within(await screen.findByRole("dialog", { name: "Post" })).findByRole("article")
    fireEvent.click(within(card).getByRole("button", { name: /^Comments/ }))

    const comments = await screen.findByRole("dialog", { name: "Comments" })
    expect(await within(comments).findByText("Be the first to comment.")).toBeInTheDocument()
  })
})
