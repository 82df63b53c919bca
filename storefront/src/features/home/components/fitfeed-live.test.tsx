import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { BRAND_NAME } from "@/config/brand"
import { calledUrls, errorResponse, jsonResponse, mockSessionApi } from "@/testing/mock-fetch"
import { currentLocation, renderWithProviders } from "@/testing/test-utils"
import { buildPost } from "@/testing/post-factory"
import { FitfeedLive } from "./fitfeed-live"

describe("FitfeedLive", () => {
  it("invites people to tag the brand", () => {
    mockSessionApi(null)

    renderWithProviders(<FitfeedLive />)

    expect(screen.getByRole("heading", { level: 2, name: "FITFEED LIVE" })).toBeInTheDocument()
    expect(screen.getByText(`Tag #${BRAND_NAME}Fit to get featured`)).toBeInTheDocument()
  })

  it("shows skeletons while the feed loads", () => {
    mockSessionApi(null, () => new Promise<Response>(() => undefined))

    renderWithProviders(<FitfeedLive />)

    expect(screen.getByRole("status", { name: "Loading FitFeed" })).toBeInTheDocument()
  })

  it("shows the empty state and no posts when the feed answers 404", async () => {
    const fetchMock = mockSessionApi(null, () => errorResponse("Not found", 404))

    renderWithProviders(<FitfeedLive />)

    expect(await screen.findByText("No fits posted yet.")).toBeInTheDocument()
    expect(screen.queryAllByTestId("fitfeed-tile")).toHaveLength(0)
    expect(screen.queryByRole("status", { name: "Loading FitFeed" })).toBeNull()
    expect(calledUrls(fetchMock, "/api/fitfeed").map((url) => `${url.pathname}${url.search}`)).toEqual(["/api/fitfeed/posts?limit=12"])
  })

  it("shows at most 12 posts, each linking to its highlight in the feed", async () => {
    const posts = Array.from({ length: 14 }, () => buildPost())
    mockSessionApi(null, () => jsonResponse({ posts }))

    renderWithProviders(<FitfeedLive />)

    const tiles = await screen.findAllByTestId("fitfeed-tile")
    expect(tiles).toHaveLength(12)
    expect(tiles[0]).toHaveAttribute("href", `/fitfeed?highlight=${posts[0]?.id ?? ""}`)
    expect(within(tiles[0] ?? document.body).getByRole("img")).toHaveAttribute("alt", posts[0]?.text ?? "")
  })

  it("shows each post by its thumbnail", async () => {
    const post = buildPost()
    mockSessionApi(null, () => jsonResponse({ posts: [post] }))

    renderWithProviders(<FitfeedLive />)

    const [tile] = await screen.findAllByTestId("fitfeed-tile")
    expect(within(tile ?? document.body).getByRole("img")).toHaveAttribute("src", post.thumbnailUrl)
  })

  it("shows the public posts to a signed-out visitor, without asking for the personal feed", async () => {
    const post = buildPost()
    const fetchMock = mockSessionApi(null, (url) =>
      url.pathname === "/api/fitfeed/posts" ? jsonResponse({ posts: [post] }) : errorResponse("Please sign in.", 401),
    )

    renderWithProviders(<FitfeedLive />)

    const tiles = await screen.findAllByTestId("fitfeed-tile")
    expect(tiles).toHaveLength(1)
    expect(tiles[0]).toHaveAttribute("href", `/fitfeed?highlight=${post.id}`)
    expect(calledUrls(fetchMock, "/api/fitfeed").map((url) => `${url.pathname}${url.search}`)).toEqual(["/api/fitfeed/posts?limit=12"])
  })

  it("remembers the clicked post under FITFEED_HIGHLIGHT and opens the feed", async () => {
    const first = buildPost()
    const second = buildPost()
    mockSessionApi(null, () => jsonResponse({ posts: [first, second] }))

    renderWithProviders(<FitfeedLive />)
    const tiles = await screen.findAllByTestId("fitfeed-tile")
    fireEvent.click(tiles[1] ?? document.body)

    expect(window.sessionStorage.getItem("FITFEED_HIGHLIGHT")).toBe(second.id)
    expect(currentLocation()).toBe(`/fitfeed?highlight=${second.id}`)
  })
})
