import { render, screen } from "@testing-library/react"
import { createElement } from "react"
import { HttpError } from "react-admin"
import { MemoryRouter, Route, Routes } from "react-router-dom"
import { beforeEach, describe, expect, it } from "vitest"
import { App } from "./App"
import { authProvider } from "./auth-provider"
import { resetRefreshState } from "./lib/http-client"
import { fetchCall, stubFetch } from "./testing/fetch-stub"

const PERMISSION_DENIED = "You don’t have permission to do that."

const staff = { id: "usr_01", name: "Asha Rao", email: "asha@example.in", handle: "asha", avatarUrl: null, phone: null, role: "admin" }
const shopper = { ...staff, id: "u-shop", name: "Kabir", email: "kabir@example.in", handle: "kabir", role: "customer" }

function signIn(user: object = staff) {
  localStorage.setItem("accessToken", "token-1")
  localStorage.setItem("me", JSON.stringify(user))
}

beforeEach(() => {
  resetRefreshState()
})

describe("authProvider.login", () => {
  it("posts the e-mail and password to the console's sign-in and stores the token and user under the storefront's keys", async () => {
    const fetchMock = stubFetch({ status: 200, body: { accessToken: "token-abc", user: staff } })

    await authProvider.login({ email: "asha@example.in", password: "secret-123" })

    const request = fetchCall(fetchMock, 0)
    expect(request.url).toBe("/api/admin/auth/login")
    expect(request.method).toBe("POST")
    expect(request.body).toEqual({ email: "asha@example.in", password: "secret-123" })
    expect(localStorage.getItem("accessToken")).toBe("token-abc")
    expect(JSON.parse(localStorage.getItem("me") ?? "null")).toEqual(staff)
  })

  it("rejects with the server's message and stores nothing", async () => {
    stubFetch({ status: 401, body: { error: "Invalid email or password", message: "Invalid email or password" } })

    await expect(authProvider.login({ email: "asha@example.in", password: "nope" })).rejects.toThrow("Invalid email or password")
    expect(localStorage.getItem("accessToken")).toBeNull()
    expect(localStorage.getItem("me")).toBeNull()
  })

  it("rejects a 403 without a message with the permission text", async () => {
    stubFetch({ status: 403, body: {} })

    await expect(authProvider.login({ email: "asha@example.in", password: "secret-123" })).rejects.toThrow(PERMISSION_DENIED)
  })

  it("rejects an answer without a token", async () => {
    stubFetch({ status: 200, body: { user: staff } })

    await expect(authProvider.login({ email: "asha@example.in", password: "secret-123" })).rejects.toThrow()
    expect(localStorage.getItem("accessToken")).toBeNull()
  })

  it("refuses a session that is not staff with the permission text, and stores nothing", async () => {
    stubFetch({ status: 200, body: { accessToken: "token-abc", user: shopper } })

    await expect(authProvider.login({ email: "kabir@example.in", password: "secret-123" })).rejects.toThrow(PERMISSION_DENIED)
    expect(localStorage.getItem("accessToken")).toBeNull()
  })
})

describe("authProvider.checkAuth", () => {
  it("rejects when no token is stored", async () => {
    await expect(authProvider.checkAuth()).rejects.toThrow()
  })

  it("resolves for a staff session", async () => {
    signIn()
    await expect(authProvider.checkAuth()).resolves.toBeUndefined()
  })

  it("rejects a shopper's session (the storefront's, under the same keys) with the permission text, and leaves it stored", async () => {
    signIn(shopper)
    await expect(authProvider.checkAuth()).rejects.toThrow(PERMISSION_DENIED)
    expect(localStorage.getItem("accessToken")).toBe("token-1")
  })
})

describe("authProvider.checkError", () => {
  it("rejects a 401 so react-admin logs the user out", async () => {
    signIn()
    await expect(authProvider.checkError(new HttpError("Unauthorized", 401))).rejects.toThrow("session has ended")
  })

  it("resolves a 403 and keeps the session", async () => {
    signIn()
    await expect(authProvider.checkError(new HttpError("Forbidden", 403))).resolves.toBeUndefined()
    expect(localStorage.getItem("accessToken")).toBe("token-1")
  })

  it("resolves other failures", async () => {
    await expect(authProvider.checkError(new HttpError("Server error", 500))).resolves.toBeUndefined()
  })
})

describe("authProvider.logout", () => {
  it("tells the server with the Bearer token and clears both keys", async () => {
    signIn()
    const fetchMock = stubFetch({ status: 204 })

    await authProvider.logout()

    const request = fetchCall(fetchMock, 0)
    expect(request.url).toBe("/api/auth/logout")
    expect(request.method).toBe("POST")
    expect(request.headers.get("Authorization")).toBe("Bearer token-1")
    expect(localStorage.getItem("accessToken")).toBeNull()
    expect(localStorage.getItem("me")).toBeNull()
  })

  it("clears the session even when the server call fails, without refreshing", async () => {
    signIn()
    const fetchMock = stubFetch({ status: 401, body: { message: "Please sign in." } })

    await authProvider.logout()

    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem("accessToken")).toBeNull()
    expect(localStorage.getItem("me")).toBeNull()
  })

  it("never signs a shopper out of the shop: their session is not the console's to end", async () => {
    signIn(shopper)
    const fetchMock = stubFetch({ status: 204 })

    await authProvider.logout()

    expect(fetchMock).not.toHaveBeenCalled()
    expect(localStorage.getItem("accessToken")).toBe("token-1")
  })
})

describe("authProvider identity and permissions", () => {
  it("reads the identity from 'me'", async () => {
    signIn()
    await expect(authProvider.getIdentity()).resolves.toEqual({ id: "usr_01", fullName: "Asha Rao", avatar: undefined })
  })

  it("gives staff the admin permission", async () => {
    signIn()
    await expect(authProvider.getPermissions()).resolves.toBe("admin")
  })

  it("gives a shopper none: the permission text", async () => {
    signIn(shopper)
    await expect(authProvider.getPermissions()).rejects.toThrow(PERMISSION_DENIED)
  })
})

describe("a shopper's session in the console", { timeout: 20_000 }, () => {
  it("shows the login page with the permission text, and leaves the shop's session alone", async () => {
    signIn(shopper)
    const fetchMock = stubFetch({ status: 200, body: {} })

    render(
      createElement(
        MemoryRouter,
        { initialEntries: ["/admin"] },
        createElement(Routes, null, createElement(Route, { path: "/admin/*", element: createElement(App) })),
      ),
    )

    expect(await screen.findByText(PERMISSION_DENIED)).toBeInTheDocument()
    expect(await screen.findByLabelText(/Email/)).toBeInTheDocument()
    expect(screen.queryByRole("heading", { name: "Admin Dashboard" })).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).not.toContain("/api/auth/logout")
    expect(localStorage.getItem("accessToken")).toBe("token-1")
  })
})
