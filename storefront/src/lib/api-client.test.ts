import { describe, expect, it } from "vitest"
import { calledUrls, errorResponse, jsonResponse, mockFetch } from "@/testing/mock-fetch"
import { buildSession, storeSession } from "@/testing/user-factory"
import { ApiError, apiClient, buildUrl, errorMessage } from "./api-client"
import { readSession } from "./session"

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error("expected the request to fail")
}

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name)

const DAY_MS = 24 * 60 * 60 * 1000

describe("buildUrl", () => {
  it("leaves out empty, null and undefined values", () => {
    expect(buildUrl("/api/products", { a: "x", b: "", c: null, d: undefined, e: 0, f: false })).toBe("/api/products?a=x&e=0&f=false")
  })

  it("returns the bare path without params", () => {
    expect(buildUrl("/api/products")).toBe("/api/products")
  })
})

describe("apiClient requests", () => {
  it("sends same-origin GET requests with cookies and parses JSON", async () => {
    storeSession(buildSession())
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }))

    await expect(apiClient.get("/api/ping", { params: { q: "hi" } })).resolves.toEqual({ ok: true })
    const [input, init] = fetchMock.mock.calls[0] ?? []
    expect(input).toBe("/api/ping?q=hi")
    expect(init?.method).toBe("GET")
    expect(init?.credentials).toBe("include")
    expect(init?.body).toBeUndefined()
  })

  it("sends a JSON body", async () => {
    storeSession(buildSession())
    const fetchMock = mockFetch(() => jsonResponse({}, 201))

    await apiClient.post("/api/things", { name: "x" })
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init?.method).toBe("POST")
    expect(init?.body).toBe('{"name":"x"}')
    expect(headerOf(init, "Content-Type")).toBe("application/json")
  })

  it("sends FormData as it is, leaving the content type to the browser", async () => {
    storeSession(buildSession())
    const fetchMock = mockFetch(() => jsonResponse({ url: "/media/a.png" }))
    const form = new FormData()
    form.append("avatar", new Blob(["x"], { type: "image/png" }), "a.png")

    await apiClient.post("/api/fitfeed/profile/avatar", form)
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init?.body).toBe(form)
    expect(headerOf(init, "Content-Type")).toBeNull()
  })

  it("adds the Bearer token when one is stored", async () => {
    const session = buildSession()
    storeSession(session)
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }))

    await apiClient.get("/api/cart")
    expect(headerOf(fetchMock.mock.calls[0]?.[1], "Authorization")).toBe(`Bearer ${session.accessToken}`)
  })
})

describe("X-Ref-Post", () => {
  const referralHeaderFor = async (postId: string | null, expiresAt: number | null) => {
    window.localStorage.clear()
    storeSession(buildSession())
    if (postId !== null) window.localStorage.setItem("ref_post", postId)
    if (expiresAt !== null) window.localStorage.setItem("ref_post_exp", String(expiresAt))
    const fetchMock = mockFetch(() => jsonResponse({}))
    await apiClient.get("/api/products")
    return headerOf(fetchMock.mock.calls[0]?.[1], "X-Ref-Post")
  }

  it("is sent for a digits-only id that has not expired", async () => {
    expect(await referralHeaderFor("42", Date.now() + 7 * DAY_MS)).toBe("42")
  })

  it("is not sent once the id has expired", async () => {
    expect(await referralHeaderFor("42", Date.now() - 1000)).toBeNull()
  })

  it.each(["4a2", "", "-1", "1.5", " 42"])("is not sent for the malformed id %j", async (postId) => {
    expect(await referralHeaderFor(postId, Date.now() + DAY_MS)).toBeNull()
  })

  it("is not sent without an expiry or without an id", async () => {
    expect(await referralHeaderFor("42", null)).toBeNull()
    expect(await referralHeaderFor(null, Date.now() + DAY_MS)).toBeNull()
  })
})

describe("errors", () => {
  it("throws the server's error field with the status", async () => {
    storeSession(buildSession())
    mockFetch(() => jsonResponse({ error: "Product not found", message: "ignored" }, 404))

    const error = await captureError(apiClient.get("/api/products/x"))
    expect(error.status).toBe(404)
    expect(error.message).toBe("Product not found")
  })

  it("falls back to the message field", async () => {
    storeSession(buildSession())
    mockFetch(() => jsonResponse({ message: "Slow down" }, 429))

    const error = await captureError(apiClient.get("/api/products"))
    expect(error.message).toBe("Slow down")
  })

  it("falls back to a generic text when the body has neither", async () => {
    storeSession(buildSession())
    mockFetch(() => new Response("<html>oops</html>", { status: 502 }))

    const error = await captureError(apiClient.get("/api/products"))
    expect(error.status).toBe(502)
    expect(error.message).toBe("Request failed with status 502")
  })

  it("errorMessage prefers the server text, then the permission text for a 403, then the fallback", () => {
    expect(errorMessage(new ApiError(409, { error: "Taken", message: "Taken" }), "Signup failed")).toBe("Taken")
    expect(errorMessage(new ApiError(403, null), "Signup failed")).toBe("You don’t have permission to do that.")
    expect(errorMessage(new ApiError(500, null), "Signup failed")).toBe("Signup failed")
    expect(errorMessage(new TypeError("Failed to fetch"), "Signup failed")).toBe("Signup failed")
  })
})

// The refresh protocol itself (one refresh shared by concurrent 401s, one retry) is @fitshop/web-client's, tested there;
// these check the shop's side of it: its session store, its token-less calls and its credential calls.
describe("session refresh", () => {
  it("refreshes once and retries once after a 401, then uses the new token", async () => {
    const stale = buildSession()
    const fresh = buildSession({ id: stale.user.id })
    storeSession(stale)
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === "/api/auth/refresh") return jsonResponse(fresh)
      const auth = headerOf(init, "Authorization")
      return auth === `Bearer ${fresh.accessToken}` ? jsonResponse({ items: [] }) : errorResponse("Unauthorized", 401)
    })

    await expect(apiClient.get("/api/cart")).resolves.toEqual({ items: [] })
    expect(calledUrls(fetchMock).map((url) => url.pathname)).toEqual(["/api/cart", "/api/auth/refresh", "/api/cart"])
    expect(readSession().accessToken).toBe(fresh.accessToken)
    expect(fetchMock.mock.calls[1]?.[1]?.credentials).toBe("include")
  })

  it("clears the session when the refresh fails and gives back the 401", async () => {
    storeSession(buildSession())
    const fetchMock = mockFetch(() => errorResponse("Unauthorized", 401))

    const error = await captureError(apiClient.get("/api/cart"))
    expect(error.status).toBe(401)
    expect(readSession()).toEqual({ accessToken: null, user: null })
    expect(window.localStorage.getItem("accessToken")).toBeNull()
    expect(window.localStorage.getItem("me")).toBeNull()
    expect(calledUrls(fetchMock).map((url) => url.pathname)).toEqual(["/api/cart", "/api/auth/refresh"])
  })

  it("tries a refresh first when no token is stored, and sends the token it got", async () => {
    const fresh = buildSession()
    const fetchMock = mockFetch((url) => (url.pathname === "/api/auth/refresh" ? jsonResponse(fresh) : jsonResponse({ ok: true })))

    await apiClient.get("/api/cart")
    expect(calledUrls(fetchMock).map((url) => url.pathname)).toEqual(["/api/auth/refresh", "/api/cart"])
    expect(headerOf(fetchMock.mock.calls[1]?.[1], "Authorization")).toBe(`Bearer ${fresh.accessToken}`)
    expect(readSession().user).toEqual(fresh.user)
  })

  it("stops trying to refresh for token-less calls once the session has ended", async () => {
    const fetchMock = mockFetch((url) => (url.pathname === "/api/auth/refresh" ? errorResponse("No session", 401) : jsonResponse({ products: [] })))

    await apiClient.get("/api/products")
    await apiClient.get("/api/products")
    const called = calledUrls(fetchMock).map((url) => url.pathname)
    expect(called).toEqual(["/api/auth/refresh", "/api/products", "/api/products"])
    expect(headerOf(fetchMock.mock.calls[1]?.[1], "Authorization")).toBeNull()
  })

  it("never refreshes for credential calls, whose 401 means a wrong password", async () => {
    storeSession(buildSession())
    const fetchMock = mockFetch(() => errorResponse("Invalid email or password", 401))

    const error = await captureError(apiClient.post("/api/auth/login", { email: "a@b.c", password: "x" }, { skipSessionRefresh: true }))
    expect(error.message).toBe("Invalid email or password")
    expect(calledUrls(fetchMock).map((url) => url.pathname)).toEqual(["/api/auth/login"])
  })
})
