import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { calledUrls, errorResponse, jsonResponse, mockFetch, mockSessionApi, type FetchHandler } from "@/testing/mock-fetch"
import { currentLocation, renderApp } from "@/testing/test-utils"
import { buildSession, storeSession } from "@/testing/user-factory"
import type { AuthSession, User } from "@fitshop/contracts"

const notFound = () => errorResponse("Not found", 404)

const HANDLE_HINT = "2–20 chars · letters, numbers, ._- · cannot start/end with dot or dash."

/** The FitFeed tab opens first; it lists no posts unless a test answers otherwise. */
const noPosts = () => jsonResponse({ posts: [] })

function openAccount(session: AuthSession, routes: Record<string, FetchHandler> = {}, route = "/account") {
  storeSession(session)
  const answers: Record<string, FetchHandler> = {
    "/api/fitfeed/posts/mine": noPosts,
    "/api/users/me/marketing": () => jsonResponse({ marketingOptIn: false }),
    ...routes,
  }
  const fetchMock = mockSessionApi(session, (url, init) => (answers[url.pathname] ?? notFound)(url, init))
  renderApp(route)
  return fetchMock
}

afterEach(() => {
  vi.useRealTimers()
})

const storedUser = (): unknown => JSON.parse(window.localStorage.getItem("me") ?? "null")

const fill = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

async function startEditing(session: AuthSession, routes: Record<string, FetchHandler> = {}) {
  const fetchMock = openAccount(session, routes, "/account?tab=profile")
  fireEvent.click(await screen.findByRole("button", { name: "Edit profile" }))
  return fetchMock
}

describe("/account", () => {
  it("links to the own profile and shows the five tabs, FitFeed first", async () => {
    const session = buildSession({ handle: "night.rider" })
    openAccount(session)

    expect(await screen.findByRole("link", { name: "@night.rider" })).toHaveAttribute("href", "/fit/@night.rider")
    const tabs = within(screen.getByRole("tablist", { name: "Account sections" })).getAllByRole("tab")
    expect(tabs.map((tab) => tab.textContent)).toEqual(["FitFeed", "Orders", "Address", "Earnings", "Profile"])
    expect(screen.getByRole("tab", { name: "FitFeed" })).toHaveAttribute("aria-selected", "true")
    expect(within(screen.getByRole("tabpanel")).getByRole("heading", { level: 2 })).toHaveTextContent("FitFeed")
  })

  it("switches tabs, keeping the open tab in the address", async () => {
    openAccount(buildSession())

    fireEvent.click(await screen.findByRole("tab", { name: "Earnings" }))
    expect(screen.getByRole("tab", { name: "Earnings" })).toHaveAttribute("aria-selected", "true")
    expect(within(screen.getByRole("tabpanel")).getByRole("heading", { level: 2 })).toHaveTextContent(/^Earnings$/)
    expect(currentLocation()).toBe("/account?tab=earnings")
  })

  it("shows the profile in view mode", async () => {
    const session = buildSession({ name: "Asha Rao", handle: "asha", email: "asha@example.test" })
    openAccount(session, {}, "/account?tab=profile")

    const panel = await screen.findByRole("tabpanel")
    expect(within(panel).getByText("Asha Rao")).toBeInTheDocument()
    expect(within(panel).getByText("@asha")).toBeInTheDocument()
    expect(within(panel).getByText("asha@example.test")).toBeInTheDocument()
  })
})

describe("/account profile editing", () => {
  it("saves name and handle, stores the new user and clears the success text after 3 s", async () => {
    const session = buildSession({ name: "Asha Rao", handle: "asha" })
    const updated: User = { ...session.user, name: "Asha R", handle: "asha.r" }
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetchMock = await startEditing(session, {
      "/api/fitfeed/handle/check": () => jsonResponse({ available: true }),
      "/api/fitfeed/profile/me": () => jsonResponse({ user: updated }),
    })

    expect(screen.getByLabelText("Handle")).toHaveValue("asha")
    expect(screen.getByText(HANDLE_HINT)).toBeInTheDocument()
    fill("Name", "Asha R")
    fill("Handle", "Asha.R")
    expect(screen.getByLabelText("Handle")).toHaveValue("asha.r")
    await waitFor(() => {
      expect(calledUrls(fetchMock, "/api/fitfeed/handle/check")).toHaveLength(1)
    })
    fireEvent.click(screen.getByRole("button", { name: "Save" }))

    expect(await screen.findByText("Profile updated successfully.")).toBeInTheDocument()
    const put = fetchMock.mock.calls.find(([input]) => String(input) === "/api/fitfeed/profile/me")
    expect(put?.[1]?.method).toBe("PUT")
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ name: "Asha R", handle: "asha.r" })
    expect(new Headers(put?.[1]?.headers).get("Authorization")).toBe(`Bearer ${session.accessToken}`)
    expect(storedUser()).toEqual(updated)
    expect(screen.getByRole("link", { name: "@asha.r" })).toHaveAttribute("href", "/fit/@asha.r")
    await act(() => vi.advanceTimersByTimeAsync(2500))
    expect(screen.getByText("Profile updated successfully.")).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(screen.queryByText("Profile updated successfully.")).toBeNull()
  })

  it("does not check the own unchanged handle", async () => {
    const session = buildSession({ handle: "asha" })
    const fetchMock = await startEditing(session, {
      "/api/fitfeed/handle/check": () => jsonResponse({ available: false }),
    })
    fill("Handle", "ashaa")
    fill("Handle", "asha")

    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(calledUrls(fetchMock, "/api/fitfeed/handle/check")).toHaveLength(0)
    expect(screen.queryByText("This handle is not available.")).toBeNull()
  })

  it("says when the new handle is taken and will not save it", async () => {
    const fetchMock = await startEditing(buildSession({ handle: "asha" }), {
      "/api/fitfeed/handle/check": () => jsonResponse({ available: false }),
    })
    fill("Handle", "ravi")

    expect(await screen.findByText("This handle is not available.")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled()
    expect(calledUrls(fetchMock, "/api/fitfeed/profile/me")).toHaveLength(0)
  })

  it("says when the handle is not valid", async () => {
    await startEditing(buildSession({ handle: "asha" }))
    fill("Handle", "asha-")

    expect(await screen.findByText("Enter a valid handle.")).toBeInTheDocument()
  })

  it("shows the server's text when saving fails, else 'Could not update profile'", async () => {
    let answer = errorResponse("That @handle is already taken. Please choose another.", 409)
    await startEditing(buildSession({ name: "Asha" }), { "/api/fitfeed/profile/me": () => answer })
    fill("Name", "Asha R")
    fireEvent.click(screen.getByRole("button", { name: "Save" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("That @handle is already taken. Please choose another.")

    answer = new Response("", { status: 500 })
    fireEvent.click(screen.getByRole("button", { name: "Save" }))
    expect(await screen.findByText("Could not update profile")).toBeInTheDocument()
  })

  it("uploads a chosen avatar as multipart field avatar and stores the new user", async () => {
    const session = buildSession()
    const updated: User = { ...session.user, avatarUrl: "/media/avatars/a.png" }
    const fetchMock = await startEditing(session, {
      "/api/fitfeed/profile/avatar": () => jsonResponse({ user: updated, url: "/media/avatars/a.png" }),
    })
    const file = new File(["png"], "me.png", { type: "image/png" })
    const input = screen.getByLabelText("Avatar")
    expect(input).toHaveAttribute("accept", "image/*")
    fireEvent.change(input, { target: { files: [file] } })

    await waitFor(() => {
      expect(storedUser()).toEqual(updated)
    })
    const upload = fetchMock.mock.calls.find(([input]) => String(input) === "/api/fitfeed/profile/avatar")
    const body = upload?.[1]?.body
    expect(body).toBeInstanceOf(FormData)
    expect(body instanceof FormData ? body.get("avatar") : null).toBe(file)
  })

  it("says 'Could not upload image' when the upload fails", async () => {
    await startEditing(buildSession(), { "/api/fitfeed/profile/avatar": () => new Response("", { status: 500 }) })
    fireEvent.change(screen.getByLabelText("Avatar"), {
      target: { files: [new File(["png"], "me.png", { type: "image/png" })] },
    })

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not upload image$/)
  })
})

describe("/account logout", () => {
  it("ends the session on the server and locally, then shows the sign-in screen", async () => {
    const session = buildSession()
    const fetchMock = openAccount(session)
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }))

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument()
    const logout = fetchMock.mock.calls.find(([input]) => String(input) === "/api/auth/logout")
    expect(logout?.[1]?.method).toBe("POST")
    expect(new Headers(logout?.[1]?.headers).get("Authorization")).toBe(`Bearer ${session.accessToken}`)
    expect(window.localStorage.getItem("accessToken")).toBeNull()
    expect(window.localStorage.getItem("me")).toBeNull()
  })

  it("still logs out locally when the server cannot be reached, and says so", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const session = buildSession()
    openAccount(session)
    await screen.findByRole("link", { name: "Go to FitFeed" })
    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")))
    fireEvent.click(screen.getByRole("button", { name: "Logout" }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not contact server — logging out locally$/)
    expect(window.localStorage.getItem("accessToken")).toBe(session.accessToken)
    await act(() => vi.advanceTimersByTimeAsync(1500))
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument()
    expect(window.localStorage.getItem("accessToken")).toBeNull()
  })
})
