import { HttpError } from "react-admin"
import { beforeEach, describe, expect, it, vi } from "vitest"
import { authorizedJson, describeFailure, publicJson, resetRefreshState } from "./http-client"

type Answer = { status: number; body?: unknown }
type Call = { url: string; method: string; authorization: string | null; credentials: RequestCredentials | undefined }

/** Answers the console's calls by path, recording each one. */
function routeFetch(answer: (url: string, authorization: string | null) => Answer | Promise<Answer>) {
  const calls: Call[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString()
    const authorization = new Headers(init?.headers).get("Authorization")
    calls.push({ url, method: init?.method ?? "GET", authorization, credentials: init?.credentials })
    const { status, body } = await answer(url, authorization)
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })
  })
  vi.stubGlobal("fetch", fetchMock)
  return calls
}

const staff = { id: "usr_01", name: "Asha Rao", email: "asha@example.in", handle: "asha", avatarUrl: null, phone: null, role: "admin" }
const unauthorized = { status: 401, body: { error: "Please sign in.", message: "Please sign in." } }

/** The BFF with `fresh` as the only token it accepts, handing it out at the refresh. */
const bffAccepting = (fresh: string) => (url: string, authorization: string | null) => {
  if (url === "/api/auth/refresh") return { status: 200, body: { accessToken: fresh, user: staff } }
  return authorization === `Bearer ${fresh}` ? { status: 200, body: { url } } : unauthorized
}

function signIn(accessToken = "stale") {
  localStorage.setItem("accessToken", accessToken)
  localStorage.setItem("me", JSON.stringify(staff))
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error("expected the call to fail")
}

beforeEach(() => {
  resetRefreshState()
})

// The refresh protocol itself (one refresh shared by concurrent 401s, one retry, a token another tab stored) is
// @fitshop/web-client's, tested there; these check the console's side of it: its session, credentials and errors.
describe("authorizedJson", () => {
  it("sends the stored Bearer token and answers the JSON", async () => {
    signIn("token-1")
    const calls = routeFetch(bffAccepting("token-1"))

    await expect(authorizedJson("/api/admin/products")).resolves.toEqual({ url: "/api/admin/products" })
    expect(calls).toEqual([{ url: "/api/admin/products", method: "GET", authorization: "Bearer token-1", credentials: "same-origin" }])
  })

  it("refreshes once after a 401 and retries once with the new token, which it stores", async () => {
    signIn()
    const calls = routeFetch(bffAccepting("fresh"))

    await expect(authorizedJson("/api/admin/products")).resolves.toEqual({ url: "/api/admin/products" })
    expect(calls.map(({ url, authorization }) => [url, authorization])).toEqual([
      ["/api/admin/products", "Bearer stale"],
      ["/api/auth/refresh", null],
      ["/api/admin/products", "Bearer fresh"],
    ])
    expect(calls[1]).toMatchObject({ method: "POST", credentials: "include" })
    expect(localStorage.getItem("accessToken")).toBe("fresh")
  })

  it("ends the session when the refresh is refused, and gives back the 401", async () => {
    signIn()
    routeFetch(() => unauthorized)

    const error = await failure(authorizedJson("/api/admin/products"))
    expect(error.status).toBe(401)
    expect(error.message).toBe("Please sign in.")
    expect(localStorage.getItem("accessToken")).toBeNull()
    expect(localStorage.getItem("me")).toBeNull()
  })

  it("neither refreshes nor retries when told not to", async () => {
    signIn()
    const calls = routeFetch(() => unauthorized)

    expect((await failure(authorizedJson("/api/auth/logout", { method: "POST" }, { retryAfterRefresh: false }))).status).toBe(401)
    expect(calls).toHaveLength(1)
  })
})

describe("publicJson", () => {
  it("sends no token, and takes a 401 (wrong credentials) as final", async () => {
    signIn()
    const calls = routeFetch(() => unauthorized)

    expect((await failure(publicJson("/api/admin/auth/login", { method: "POST", body: {} }))).message).toBe("Please sign in.")
    expect(calls.map(({ url, authorization }) => [url, authorization])).toEqual([["/api/admin/auth/login", null]])
  })
})

describe("describeFailure", () => {
  it("prefers the server's message, then the permission text for a 403, then the error's own", () => {
    expect(describeFailure(409, { message: "The product changed meanwhile." }, "Conflict")).toBe("The product changed meanwhile.")
    expect(describeFailure(403, {}, "Forbidden")).toBe("You don’t have permission to do that.")
    expect(describeFailure(500, null, "Save failed")).toBe("Save failed")
  })
})
