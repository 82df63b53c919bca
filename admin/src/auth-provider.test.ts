import { HttpError } from "react-admin"
import { describe, expect, it } from "vitest"
import { authProvider } from "./auth-provider"
import { fetchCall, stubFetch } from "./testing/fetch-stub"

const staff = { id: "usr_01", name: "Asha Rao", email: "asha@example.in", avatarUrl: null, role: "admin" }

function signIn(user: object = staff) {
  localStorage.setItem("accessToken", "token-1")
  localStorage.setItem("me", JSON.stringify(user))
}

describe("authProvider.login", () => {
  it("posts the e-mail and password and stores the token and user under the spec keys", async () => {
    const fetchMock = stubFetch({ status: 200, body: { accessToken: "token-abc", user: staff } })

    await authProvider.login({ email: "asha@example.in", password: "secret-123" })

    const request = fetchCall(fetchMock, 0)
    expect(request.url).toBe("/api/auth/login")
    expect(request.method).toBe("POST")
    expect(request.body).toEqual({ email: "asha@example.in", password: "secret-123" })
    expect(localStorage.getItem("accessToken")).toBe("token-abc")
    expect(JSON.parse(localStorage.getItem("me") ?? "null")).toEqual(staff)
  })

  it("rejects with the server's message and stores nothing", async () => {
    stubFetch({ status: 401, body: { error: "invalid_credentials", message: "Wrong e-mail or password." } })

    await expect(authProvider.login({ email: "asha@example.in", password: "nope" })).rejects.toThrow("Wrong e-mail or password.")
    expect(localStorage.getItem("accessToken")).toBeNull()
    expect(localStorage.getItem("me")).toBeNull()
  })

  it("rejects a 403 without a message with the permission text", async () => {
    stubFetch({ status: 403, body: {} })

    await expect(authProvider.login({ email: "asha@example.in", password: "secret-123" })).rejects.toThrow("You don’t have permission to do that.")
  })

  it("rejects an answer without a token", async () => {
    stubFetch({ status: 200, body: { user: staff } })

    await expect(authProvider.login({ email: "asha@example.in", password: "secret-123" })).rejects.toThrow()
    expect(localStorage.getItem("accessToken")).toBeNull()
  })
})

describe("authProvider.checkAuth", () => {
  it("rejects when no token is stored", async () => {
    await expect(authProvider.checkAuth()).rejects.toThrow()
  })

  it("resolves when a token is stored", async () => {
    signIn()
    await expect(authProvider.checkAuth()).resolves.toBeUndefined()
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

  it("clears the session even when the server call fails", async () => {
    signIn()
    stubFetch({ status: 500, body: { message: "down" } })

    await authProvider.logout()

    expect(localStorage.getItem("accessToken")).toBeNull()
    expect(localStorage.getItem("me")).toBeNull()
  })
})

describe("authProvider identity and permissions", () => {
  it("reads the identity from 'me'", async () => {
    signIn()
    await expect(authProvider.getIdentity()).resolves.toEqual({
      id: "usr_01",
      fullName: "Asha Rao",
      avatar: undefined,
    })
  })

  it("returns the stored user's role as permissions", async () => {
    signIn({ ...staff, role: "merchandiser" })
    await expect(authProvider.getPermissions()).resolves.toBe("merchandiser")
  })
})
